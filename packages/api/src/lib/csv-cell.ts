/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one)
 * as a formula, which can fetch URLs or run commands on the reader's machine (CSV injection):
 * such a cell gets a leading apostrophe, which shows it as text. A field holding ";" or a tab
 * is quoted too (by the writers' csv-stringify options), so a spreadsheet whose list separator
 * is one of them cannot split it into a cell that starts with a formula. Used by every CSV the
 * API writes: the audit export (audit/csv.ts) and the lists' exports (exports/csv-stream.ts).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const safeCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
