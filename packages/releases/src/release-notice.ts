import { RELEASE_NOTICES_PATH, releaseNoticeSchema, type ReleaseNotice } from '@manager/contract';
import { ReleaseError } from './errors';

/**
 * Tells the console's API what went live (POST /releases/notices), which puts it in every
 * admin's inbox (a canary's admins only); throws a ReleaseError saying why it could not.
 */
export type AnnounceRelease = (notice: ReleaseNotice) => Promise<void>;

/**
 * The notice over HTTP, to the API and with the token the canary check uses (`CONSOLE_API_URL`,
 * `RELEASES_TOKEN`). Called once the release is live: the caller reports a failure as a warning.
 */
export function announceOverHttp(apiUrl: string, token: string, timeoutMs = 10_000): AnnounceRelease {
  const url = `${apiUrl.replace(/\/+$/, '')}${RELEASE_NOTICES_PATH}`;
  const cannot = (why: string) => new ReleaseError(`${url} ${why}`);
  return async (notice) => {
    // Checked here as the API checks it, so a notice it would refuse is not sent at all.
    const parsed = releaseNoticeSchema.safeParse(notice);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const why = `${issue.path.join('.')}: ${issue.message}`;
      throw new ReleaseError(
        `the notice of ${notice.area} ${notice.version} is not one the API takes (${why})`,
      );
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(parsed.data),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : ((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
      throw cannot(`did not answer (${cause}; start the API, or set CONSOLE_API_URL and RELEASES_TOKEN)`);
    }
    const body = (await response.json().catch(() => null)) as {
      message?: unknown;
      data?: { told?: unknown };
    } | null;
    if (response.status === 401) throw cannot("refused the release token (set RELEASES_TOKEN to the API's)");
    // An API without RELEASES_TOKEN has no release routes; one older than the notices lacks this one.
    if (response.status === 404)
      throw cannot('has no release notices route (set RELEASES_TOKEN on the API, or update it)');
    if (!response.ok) {
      const said = typeof body?.message === 'string' ? `: ${body.message}` : '';
      throw cannot(`answered HTTP ${response.status}${said}`);
    }
    // Another server on that port may answer 200 too: only the API's receipt says it was told.
    if (typeof body?.data?.told !== 'number') throw cannot("answered something else than the API's receipt");
  };
}
