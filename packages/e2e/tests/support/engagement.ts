import { expect, type Locator, type Page } from '@playwright/test';

/** A tiny valid PNG (1x1) for image inputs. */
export const PNG_FILE = {
  name: 'pixel.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
};
export const TEXT_FILE = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') };

/** Picks an option of an antd Select found by its label (the option list is a popup outside the field). */
export async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** A unique text per run, so reruns against a reused stack do not collide. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** The page fits a 375 px phone: nothing wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}
