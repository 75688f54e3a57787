import type { Page } from '@playwright/test';

/**
 * A list call asked without `page` answers the whole list (docs/api.md#lists): the specs read
 * it to know what the seed holds. A page here means the API broke that promise.
 */
export function wholeList<T>(answer: readonly T[] | object): readonly T[] {
  if (!Array.isArray(answer)) throw new Error('asked without page, the API answered a page');
  return answer as readonly T[];
}

/** The table's data rows (the header row has no cells). */
export const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });
