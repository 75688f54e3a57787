import { buildPath, calls, passkeyOptionsSchema, passkeySchema, type Passkey } from '@manager/contract';
import { checkedCall, createPasskey, ERROR_MESSAGES, http } from '@manager/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSKEY_TEXTS } from './passkey-messages';
import { keys } from '../../../query-keys';

const INVALID = PASSKEY_TEXTS.add.failed + ERROR_MESSAGES.invalidResponse;

/**
 * POST /auth/passkeys/options, the browser creates the passkey, POST /auth/passkeys. Rejects
 * with the text to show: a cancelled prompt says so (PASSKEY_MESSAGES), a refusal gives the
 * server's reason. Both calls may first ask "Confirm it's you" (the client's step-up prompt).
 */
async function addPasskey(name: string): Promise<Passkey> {
  const started = await checkedCall(
    () => http.post(calls.passkeyRegistrationOptions.path),
    PASSKEY_TEXTS.add,
  );
  const options = passkeyOptionsSchema.safeParse(started.data);
  if (!options.success) throw new Error(INVALID);
  const response = await createPasskey(options.data);
  const body = await checkedCall(
    () => http.post(calls.addPasskey.path, { name: name.trim(), response }),
    PASSKEY_TEXTS.add,
  );
  const added = passkeySchema.safeParse(body.data);
  if (!added.success) throw new Error(INVALID);
  return added.data;
}

/** DELETE /auth/passkeys/:id */
async function removePasskey(id: number): Promise<void> {
  await checkedCall(() => http.delete(buildPath(calls.removePasskey.path, { id })), PASSKEY_TEXTS.remove);
}

/**
 * A change of the admin's passkeys ends their other sessions (as the authenticator's changes
 * do): the passkeys and the Sessions card reload. A removal reloads either way (the passkey
 * may be gone already).
 */
function usePasskeyChange<V, R>(mutationFn: (variables: V) => Promise<R>, { always = false } = {}) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.passkeys.all() }),
      client.invalidateQueries({ queryKey: keys.sessions.all() }),
    ]);
  return useMutation({ mutationFn, ...(always ? { onSettled: refresh } : { onSuccess: refresh }) });
}

export const useAddPasskey = () => usePasskeyChange(addPasskey);
export const useRemovePasskey = () => usePasskeyChange(removePasskey, { always: true });
