import { numberToDecimalText } from '@manager/contract';
import type { Giveaway, GiveawayGift } from '@manager/contract';
import { checkedCall, http, useChange } from '@manager/platform';
import { GIVEAWAY_FAILURES as FAILURES } from './messages';
import { keys } from '../../../query-keys';

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
  data.append('ticketPriceTon', v.isFree ? '0' : numberToDecimalText(v.ticketPriceTon ?? 0));
  data.append('ticketPriceStars', v.isFree ? '0' : numberToDecimalText(v.ticketPriceStars ?? 0));
  if (v.status !== undefined) data.append('status', String(v.status));
  return data;
}

/** POST /giveaways (multipart). */
export const createGiveaway = (values: GiveawayFormValues, image: File | null) =>
  checkedCall(() => http.post('/giveaways', toFormData(values, image)), FAILURES.add);

/** PUT /giveaways/:id (multipart; image only when replaced). */
export const updateGiveaway = (id: number, values: GiveawayFormValues, image: File | null) =>
  checkedCall(() => http.put(`/giveaways/${id}`, toFormData(values, image)), FAILURES.update);

/** The status toggle: the same fields with status inverted. Resolves the new status. */
async function toggleGiveaway(g: Giveaway): Promise<boolean> {
  const next = !g.status;
  const values = {
    expiredDate: g.expiredDate,
    isFree: g.isFree,
    ticketPriceTon: g.ticketPriceTon,
    ticketPriceStars: g.ticketPriceStars,
    gifts: g.gifts,
    status: next,
  };
  await checkedCall(() => http.put(`/giveaways/${g.id}`, toFormData(values, null)), FAILURES.status);
  return next;
}

/** DELETE /giveaways/:id (after the confirmation). */
export const deleteGiveaway = (id: number) =>
  checkedCall(() => http.delete(`/giveaways/${id}`), FAILURES.delete);

const useGiveawayMutation = <A, R>(fn: (args: A) => Promise<R>) => useChange(fn, keys.giveaways.all());
export const useCreateGiveaway = () =>
  useGiveawayMutation((a: { values: GiveawayFormValues; image: File | null }) =>
    createGiveaway(a.values, a.image),
  );
export const useUpdateGiveaway = () =>
  useGiveawayMutation((a: { id: number; values: GiveawayFormValues; image: File | null }) =>
    updateGiveaway(a.id, a.values, a.image),
  );
export const useToggleGiveaway = () => useGiveawayMutation(toggleGiveaway);
export const useDeleteGiveaway = () => useGiveawayMutation(deleteGiveaway);
