import { numberToDecimalText } from '@manager/contract';
import type { Envelope, LootBox } from '@manager/contract';
import { http, useChange } from '@manager/platform';
import { toRequestRewards, type DraftReward } from '../model/rewards-model';
import { keys } from '../../../query-keys';

interface LootBoxDraft {
  name: string;
  amount: number;
  image: File | null;
  rewards: DraftReward[];
}

/** POST /loot-boxes or PUT /loot-boxes/{id}: multipart name, amount, rewards JSON, image, reward files. */
export async function saveLootBox(id: number | undefined, draft: LootBoxDraft): Promise<LootBox> {
  const form = new FormData();
  const { rewards, files } = toRequestRewards(draft.rewards);
  form.append('name', draft.name.trim());
  form.append('amount', numberToDecimalText(draft.amount));
  form.append('rewards', JSON.stringify(rewards));
  if (draft.image) form.append('image', draft.image);
  for (const f of files) form.append(f.field, f.file);
  // Success is judged by HTTP ok (docs/api.md); the client rejects otherwise with the server's message.
  const body =
    id === undefined
      ? await http.post<Envelope<LootBox>>('/loot-boxes', form)
      : await http.put<Envelope<LootBox>>(`/loot-boxes/${id}`, form);
  return body.data;
}

/** PATCH /loot-boxes/{id}/toggle-status (empty body); DELETE /loot-boxes/{id}. */
export const toggleLootBox = (id: number) => http.patch<Envelope<LootBox>>(`/loot-boxes/${id}/toggle-status`);
export const deleteLootBox = (id: number) => http.delete<Envelope<unknown>>(`/loot-boxes/${id}`);

const useLootMutation = <V, R>(fn: (v: V) => Promise<R>) =>
  useChange(fn, keys.lootBoxes.all(), { always: true });
export const useSaveLootBox = () =>
  useLootMutation(({ id, draft }: { id?: number; draft: LootBoxDraft }) => saveLootBox(id, draft));
export const useToggleLootBox = () => useLootMutation(toggleLootBox);
export const useDeleteLootBox = () => useLootMutation(deleteLootBox);
