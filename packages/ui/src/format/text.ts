/** Cuts text longer than `max` characters and adds "...": truncate("abcdef", 3) -> "abc...". */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** First `n` characters of an id plus "..." (order ids, inventory ids, transaction ids). */
export function shortId(id: string | number | null | undefined, n = 8): string {
  const value = id === null || id === undefined ? '' : String(id);
  return value.length > n ? `${value.slice(0, n)}...` : value;
}
