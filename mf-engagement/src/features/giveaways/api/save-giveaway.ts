import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUCCESS_CODE, type Giveaway, type GiveawayGift } from '@manager/contract';
import { http, isApiError, queryKeys, serverMessage } from '@manager/platform';
import { expectSuccess, giveawayError } from './giveaway-outcome';

export interface GiveawayFormValues {
  /** ISO date-time. */
  expiredDate: string;
  isFree: boolean;
  ticketPriceTon: number;
  ticketPriceStars: number;
  gifts: GiveawayGift[];
  status?: boolean;
}

function toFormData(v: GiveawayFormValues, image: File | null): FormData {
  const data = new FormData();
  if (image) data.append('previewImage', image);
  data.append('expiredDate', v.expiredDate);
  data.append('gifts', JSON.stringify(v.gifts));
  data.append('isFree', String(v.isFree));
  // Prices only apply to a paid giveaway.
  data.append('ticketPriceTon', v.isFree ? '0' : String(v.ticketPriceTon ?? 0));
  data.append('ticketPriceStars', v.isFree ? '0' : String(v.ticketPriceStars ?? 0));
  if (v.status !== undefined) data.append('status', String(v.status));
  return data;
}

/** POST /giveaways (multipart). */
export async function createGiveaway(values: GiveawayFormValues, image: File | null) {
  let body;
  try {
    body = await http.post('/giveaways', toFormData(values, image));
  } catch (error) {
    throw giveawayError('add', error);
  }
  expectSuccess('add', body);
}

/** PUT /giveaways/:id (multipart; image only when replaced). */
export async function updateGiveaway(id: number, values: GiveawayFormValues, image: File | null) {
  let body;
  try {
    body = await http.put(`/giveaways/${id}`, toFormData(values, image));
  } catch (error) {
    throw giveawayError('update', error);
  }
  expectSuccess('update', body);
}

/** The status toggle: the same fields with status inverted. Resolves the new status. */
export async function toggleGiveaway(g: Giveaway): Promise<boolean> {
  const next = !g.status;
  const values = { expiredDate: g.expiredDate, isFree: g.isFree, ticketPriceTon: g.ticketPriceTon, ticketPriceStars: g.ticketPriceStars, gifts: g.gifts, status: next };
  let body;
  try {
    body = await http.put(`/giveaways/${g.id}`, toFormData(values, null));
  } catch (error) {
    if (isApiError(error) && error.status === undefined) throw new Error('Network error occurred while updating giveaway status', { cause: error });
    throw giveawayError('update', error);
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(`Failed to update giveaway: ${serverMessage(body) ?? 'Unknown error'}`);
  return next;
}

/** DELETE /giveaways/:id (after the confirmation). */
export async function deleteGiveaway(id: number) {
  let body;
  try {
    body = await http.delete(`/giveaways/${id}`);
  } catch (error) {
    throw giveawayError('delete', error);
  }
  expectSuccess('delete', body);
}

function useGiveawayMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.giveaways.all() }) });
}
export const useCreateGiveaway = () => useGiveawayMutation((a: { values: GiveawayFormValues; image: File | null }) => createGiveaway(a.values, a.image));
export const useUpdateGiveaway = () => useGiveawayMutation((a: { id: number; values: GiveawayFormValues; image: File | null }) => updateGiveaway(a.id, a.values, a.image));
export const useToggleGiveaway = () => useGiveawayMutation(toggleGiveaway);
export const useDeleteGiveaway = () => useGiveawayMutation(deleteGiveaway);
