import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailingsResponseSchema, SUCCESS_CODE, type Mailing } from '@manager/contract';
import { getRuntimeConfig, http, queryKeys } from '@manager/platform';

export const MAILING_ERRORS = {
  fetch: 'Failed to fetch mailings',
  create: 'Failed to create message',
  start: 'Failed to start mailing',
} as const;

/** While a mailing is being delivered the list refreshes, so its status reaches done on screen. */
export const RUNNING_POLL_MS = 2000;

async function call(work: () => Promise<{ code?: unknown } | undefined>, failure: string) {
  let body;
  try {
    body = await work();
  } catch (error) {
    throw new Error(failure, { cause: error });
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(failure);
  return body as { data?: unknown };
}

/** GET /mailing -> data.mailings. */
export async function getMailings(): Promise<Mailing[]> {
  const body = await call(() => http.get('/mailing'), MAILING_ERRORS.fetch);
  const parsed = mailingsResponseSchema.safeParse(body.data);
  if (!parsed.success) throw new Error(MAILING_ERRORS.fetch);
  return parsed.data.mailings;
}

export const useMailings = () =>
  useQuery({
    queryKey: queryKeys.mailings.list(),
    queryFn: getMailings,
    refetchInterval: (q) => (q.state.data?.some((m) => m.status === 'running') ? RUNNING_POLL_MS : false),
  });

export interface NewMessage { message: string; buttonText: string; buttonLink: string; image: File | null }

/** POST /mailing (multipart: message, buttonText, buttonLink, optional image). */
export function createMailing(v: NewMessage) {
  const data = new FormData();
  data.append('message', v.message.trim());
  data.append('buttonText', v.buttonText.trim());
  data.append('buttonLink', v.buttonLink.trim());
  if (v.image) data.append('image', v.image);
  return call(() => http.post('/mailing', data), MAILING_ERRORS.create);
}

/** PUT /mailing/:id/status {status: running}: waiting -> running, once. */
export const startMailing = (id: number) => call(() => http.put(`/mailing/${id}/status`, { status: 'running' }), MAILING_ERRORS.start);

export function useCreateMailing() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createMailing, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.mailings.all() }) });
}
export function useStartMailing() {
  const client = useQueryClient();
  return useMutation({ mutationFn: startMailing, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.mailings.all() }) });
}

export function uploadUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${getRuntimeConfig().uploadsBaseUrl.replace(/\/+$/, '')}/${path.replace(/^\/?(uploads\/)?/, '')}`;
}
