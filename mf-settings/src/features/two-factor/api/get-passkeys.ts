import { calls, type Passkey } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';
import { PASSKEY_TEXTS } from './passkey-messages';
import { keys } from '../../../query-keys';

/** GET /auth/passkeys: the signed-in admin's passkeys, newest first; a failure is shown with Retry. */
const getPasskeys = async (): Promise<Passkey[]> =>
  (await fetchData(calls.passkeys, { error: PASSKEY_TEXTS.fetchFailed })).passkeys;

export function usePasskeys() {
  return useQuery({ queryKey: keys.passkeys.all(), queryFn: getPasskeys });
}
