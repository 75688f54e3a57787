import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A change that reloads what it touched: once it succeeds (with `always`, once it settles
 * either way, for changes another admin may have made first) every query under `invalidates`
 * refetches, and `mutateAsync` resolves after that has started.
 */
export function useChange<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  invalidates: QueryKey,
  { always = false } = {},
) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: invalidates });
  return useMutation({ mutationFn, ...(always ? { onSettled: refresh } : { onSuccess: refresh }) });
}
