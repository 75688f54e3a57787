import { useMutation, useQuery } from '@tanstack/react-query';
import { buildPath, calls } from '@manager/contract';
import { checkedCall, fetchData, http, useChange } from '@manager/platform';
import { keys } from '../../../query-keys';

/** The texts of a waiting mailing's actions: Start's recipient count, Edit, Delete, Send test. */
export const MAILING_DRAFT_ERRORS = {
  recipients: 'Failed to count recipients',
  update: 'Failed to update message',
  delete: 'Failed to delete message',
  test: {
    failed: 'Failed to send test message: ',
    network: 'Network error occurred while sending test message',
  },
} as const;

export interface MessageInput {
  message: string;
  buttonText: string;
  buttonLink: string;
  /** A new image; null keeps the stored one (or sends none on create). */
  image: File | null;
}

/** The multipart body of POST /mailing and PUT /mailing/:id: trimmed texts, the image when picked. */
export function messageFormData(v: MessageInput): FormData {
  const data = new FormData();
  data.append('message', v.message.trim());
  data.append('buttonText', v.buttonText.trim());
  data.append('buttonLink', v.buttonLink.trim());
  if (v.image) data.append('image', v.image);
  return data;
}

/**
 * GET /mailing/:id/recipients: the players a Start would reach now, asked each time the Start
 * confirmation opens (never from the cache: players join all the time).
 */
export const useMailingRecipients = (id: number | null) =>
  useQuery({
    queryKey: [...keys.mailings.detail(id ?? 0), 'recipients'],
    queryFn: () =>
      fetchData(
        { ...calls.mailingRecipients, path: buildPath(calls.mailingRecipients.path, { id: id! }) },
        { error: MAILING_DRAFT_ERRORS.recipients },
      ),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
  });

/** PUT /mailing/:id (multipart): a waiting mailing's text, button and, when picked, image. */
const updateMailing = ({ id, input }: { id: number; input: MessageInput }) =>
  checkedCall(() => http.put(`/mailing/${id}`, messageFormData(input)), MAILING_DRAFT_ERRORS.update);

/** DELETE /mailing/:id: a waiting mailing. */
const deleteMailing = (id: number) =>
  checkedCall(() => http.delete(`/mailing/${id}`), MAILING_DRAFT_ERRORS.delete);

/** POST /mailing/:id/test {telegramId}: the message to one Telegram id; the mailing stays as it was. */
const sendTestMessage = ({ id, telegramId }: { id: number; telegramId: number }) =>
  checkedCall(() => http.post(`/mailing/${id}/test`, { telegramId }), MAILING_DRAFT_ERRORS.test);

export const useUpdateMailing = () => useChange(updateMailing, keys.mailings.all());
export const useDeleteMailing = () => useChange(deleteMailing, keys.mailings.all());
export const useSendTestMessage = () => useMutation({ mutationFn: sendTestMessage });
