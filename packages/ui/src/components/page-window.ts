type PageItem = number | 'ellipsis';

/**
 * Page numbers to show: up to `size` numbers around `current`, plus the first and last page,
 * with 'ellipsis' where pages are skipped. pageWindow(10, 20) ->
 * [1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]; pageWindow(1, 1) -> [1]; no pages -> [].
 */
export function pageWindow(current: number, total: number, size = 5): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  const width = Math.max(1, Math.min(size, total));
  let start = Math.max(1, page - Math.floor(width / 2));
  const end = Math.min(total, start + width - 1);
  start = Math.max(1, end - width + 1);

  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start > 2) items.push('ellipsis');
  }
  for (let p = start; p <= end; p++) items.push(p);
  if (end < total) {
    if (end < total - 1) items.push('ellipsis');
    items.push(total);
  }
  return items;
}
