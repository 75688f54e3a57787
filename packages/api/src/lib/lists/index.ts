/**
 * The list toolkit: the one entry the domains import for paging and counting a list (how to
 * add one: packages/api/README.md, "A new list").
 *
 * - whole-or-page: a small list answered whole or by page (ORDER BY, LIMIT/OFFSET, total).
 * - pages: a large list's page by ids (pageIds), from the nearer end, entered at a day's edge.
 * - day-counts: rows per UTC day kept by triggers (list_days and the daily rollups).
 * - counts: count(*) helpers, kept sums, and table_stats' row counts of users and games.
 * - name-counts: whether a search's total can be summed from the per-name-stem counts.
 * - keyset: batches of an export by position, never by OFFSET.
 */
export { countAll, countIf, countRows, countWhere, keptSum } from './counts';
export { daysOf, listDaysOf, listDaysTotal, type DayCount, type DayList } from './day-counts';
export { after, orderBy, positionColumns, type OrderTerm } from './keyset';
export { stemAnswers } from './name-counts';
export { FAR_OFFSET, inListOrder, pageIds, pagesOf, type IdsRead, type PageQuery } from './pages';
export { isPaged, orderOf, pageOf, paginationOf, type Paged, type WholeOrPage } from './whole-or-page';
