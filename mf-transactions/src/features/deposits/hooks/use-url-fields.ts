import { useQueryWriter } from '@manager/platform';

/**
 * Free-valued filters kept in the URL beside a list's `useListState` (which holds filters that
 * take one of a few values): dates and amounts. `read(name, raw)` turns the URL's text into the
 * value, or undefined when absent or not valid (a stale or edited link reads as no filter).
 * An edit goes back to page 1 (the list's `<prefix>page`); the first edit of a field is a
 * history entry, further edits of the same field replace it, so typing an amount adds one
 * entry. `clear(names)` removes fields in one entry.
 */
export function useUrlFields<N extends string, V>(
  prefix: string,
  names: readonly N[],
  read: (name: N, raw: string) => V | undefined,
) {
  const { params, write: writeQuery } = useQueryWriter();

  const values = {} as Partial<Record<N, V>>;
  for (const name of names) {
    const raw = params.get(prefix + name);
    const value = raw === null || raw === '' ? undefined : read(name, raw);
    if (value !== undefined) values[name] = value;
  }

  const write = (change: (next: URLSearchParams) => void, field?: string) =>
    writeQuery(
      (next) => {
        change(next);
        next.delete(`${prefix}page`);
      },
      { edit: field },
    );

  return {
    values,
    set: (name: N, value: string | number | undefined) =>
      write((next) => {
        if (value === undefined || value === '') next.delete(prefix + name);
        else next.set(prefix + name, String(value));
      }, prefix + name),
    clear: (extra: readonly string[] = []) =>
      write((next) => {
        for (const name of [...names, ...extra]) next.delete(prefix + name);
      }),
  };
}
