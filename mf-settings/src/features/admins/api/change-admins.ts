import { calls, type CallData, type CallSpec } from '@manager/contract';
import { checkedCall, http, useChange } from '@manager/platform';
import { keys } from '../../../query-keys';
import { ADMIN_FAILURES } from './messages';

type Change = CallSpec & { method: 'POST' | 'PUT'; response: { parse(data: unknown): unknown } };

/**
 * Sends a change of the screen (its `:id` filled in) and parses the answer's `data` with the
 * call's schema. A refusal rejects with the server's own text (ADMIN_FAILURES.change).
 */
async function send<C extends Change>(call: C, id?: number, body?: unknown): Promise<CallData<C>> {
  const path = id === undefined ? call.path : call.path.replace(':id', String(id));
  const method = call.method === 'PUT' ? http.put : http.post;
  const answer = await checkedCall(
    () => method<{ code?: unknown; data?: unknown }>(path, body),
    ADMIN_FAILURES.change,
  );
  return call.response.parse(answer.data) as CallData<C>;
}

/**
 * Every change reloads the admins, their requests and the roles, after a refusal too: another
 * admin may have changed or decided the same thing first.
 */
const useAdminChange = <V, R>(fn: (v: V) => Promise<R>) => useChange(fn, keys.admins.all(), { always: true });

/** POST /admins/roles: a custom role; the roles pickers offer it once the roles reload. */
export const useCreateAdminRole = () =>
  useAdminChange((body: { name: string; permissions: string[] }) =>
    send(calls.createAdminRole, undefined, body),
  );

/** POST /admins/invites: the new admin and their one-time enrolment link. */
export const useInviteAdmin = () =>
  useAdminChange((body: { login: string; roles: string[] }) => send(calls.inviteAdmin, undefined, body));

/** PUT /admins/:id/roles: removals apply at once, additions wait for a second approver. */
export const useSetAdminRoles = () =>
  useAdminChange(({ id, roles }: { id: number; roles: string[] }) =>
    send(calls.setAdminRoles, id, { roles }),
  );

/** Disable (at once) and Enable / Reset second factor (both become requests). */
export const useDisableAdmin = () => useAdminChange((id: number) => send(calls.disableAdmin, id));
export const useEnableAdmin = () => useAdminChange((id: number) => send(calls.enableAdmin, id));
export const useResetSecondFactor = () =>
  useAdminChange((id: number) => send(calls.resetAdminSecondFactor, id));

/** POST /admins/requests/:id/approve or /reject. */
export const useDecideRequest = () =>
  useAdminChange(({ id, approve }: { id: number; approve: boolean }) =>
    send(approve ? calls.approveAdminRequest : calls.rejectAdminRequest, id),
  );
