import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type CallData, type Mailing } from '@manager/contract';
import { checkedCall, fetchData, http, useChange, type ListAnswer, type ListQuery } from '@manager/platform';
import { keys } from '../../../query-keys';
import { messageFormData, type MessageInput } from './mailing-draft-api';

export const MAILING_ERRORS = {
  fetch: 'Failed to fetch mailings',
  create: 'Failed to create message',
  start: 'Failed to start mailing',
} as const;

/** While a mailing is being delivered the list refreshes, so its status reaches done on screen. */
const RUNNING_POLL_MS = 2000;

type MailingsResponse = CallData<typeof calls.mailings>;

/** `{ mailings }` is the whole list (the provider's API); with `pagination` it is the page asked for. */
export const toMailingAnswer = (data: MailingsResponse): ListAnswer<Mailing> =>
  data.pagination ? { rows: data.mailings, total: data.pagination.totalMailings } : data.mailings;

/** GET /mailing with the list's query. */
const getMailings = (query: ListQuery): Promise<MailingsResponse> =>
  fetchData(calls.mailings, { params: query, error: MAILING_ERRORS.fetch });

export const useMailings = (query: ListQuery) =>
  useQuery({
    queryKey: keys.mailings.list(query),
    queryFn: () => getMailings(query),
    select: toMailingAnswer,
    placeholderData: keepPreviousData,
    // Any running mailing of the answer (the whole list, or the page shown) keeps it refreshing.
    refetchInterval: (q) =>
      q.state.data?.mailings.some((m) => m.status === 'running') ? RUNNING_POLL_MS : false,
  });

/** POST /mailing (multipart: message, buttonText, buttonLink, optional image). */
export const createMailing = (v: MessageInput) =>
  checkedCall(() => http.post('/mailing', messageFormData(v)), MAILING_ERRORS.create);

/** PUT /mailing/:id/status {status: running}: waiting -> running, once. */
export const startMailing = (id: number) =>
  checkedCall(() => http.put(`/mailing/${id}/status`, { status: 'running' }), MAILING_ERRORS.start);

export const useCreateMailing = () => useChange(createMailing, keys.mailings.all());
export const useStartMailing = () => useChange(startMailing, keys.mailings.all());
