import { expect, type Page } from '@playwright/test';

/** A toast of the console's toaster by its text. */
export const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** The page fits the viewport (a phone's 375 px): nothing is wider, no sideways scrolling. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
