import { CANARY_ADMINS_PATH } from '@manager/contract';
import { ReleaseError } from './errors';

/** What the console's API says of a canary's names (POST /releases/canary-admins). */
export interface CanaryAdmins {
  /** No administrator has exactly this username; `didYouMean` when one differs only in case. */
  unknown: { username: string; didYouMean?: string }[];
  disabled: string[];
}

/** Asks the console's API about a canary's usernames; throws a ReleaseError saying why it could not. */
export type CanaryAdminsCheck = (usernames: string[]) => Promise<CanaryAdmins>;

/**
 * The check over HTTP: `CONSOLE_API_URL` (default `pnpm start`'s API, http://127.0.0.1:3000)
 * with `RELEASES_TOKEN`, the release pipeline's secret the API knows too (default: the
 * development token of an API outside production).
 */
export function canaryAdminsOverHttp(apiUrl: string, token: string): CanaryAdminsCheck {
  const url = `${apiUrl.replace(/\/+$/, '')}${CANARY_ADMINS_PATH}`;
  const cannot = (why: string) =>
    new ReleaseError(`cannot check the canary's admins against the console's API: ${url} ${why}`);
  return async (usernames) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ usernames }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw cannot(`did not answer (${cause}; start the API, or set CONSOLE_API_URL and RELEASES_TOKEN)`);
    }
    if (response.status === 401) throw cannot("refused the release token (set RELEASES_TOKEN to the API's)");
    if (response.status === 404) throw cannot('has no release route (set RELEASES_TOKEN on the API)');
    if (!response.ok) throw cannot(`answered HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as { data?: CanaryAdmins } | null;
    if (!body?.data || !Array.isArray(body.data.unknown) || !Array.isArray(body.data.disabled))
      throw cannot('answered something else than the names it was asked about');
    return body.data;
  };
}

/** Why a canary for `usernames` would miss someone, or null when every name is an active admin. */
export async function canaryRefusal(check: CanaryAdminsCheck, usernames: string[]): Promise<string | null> {
  let answer: CanaryAdmins;
  try {
    answer = await check(usernames);
  } catch (error) {
    if (error instanceof ReleaseError) return error.message; // the API could not say: refused too
    throw error;
  }
  const { unknown, disabled } = answer;
  const lines: string[] = [];
  if (unknown.length > 0) {
    const names = unknown.map((u) =>
      u.didYouMean ? `${u.username} (did you mean ${u.didYouMean}?)` : u.username,
    );
    lines.push(
      `no administrator is named ${names.join(', ')}: a canary reaches admins by their exact username`,
    );
  }
  if (disabled.length > 0)
    lines.push(
      `${disabled.join(', ')} ${disabled.length > 1 ? 'are' : 'is'} disabled: the canary would reach nobody there`,
    );
  return lines.length > 0 ? lines.join('\n') : null;
}
