/**
 * One token refresh per burst of 401s (docs/screens.md): the first caller starts the refresh,
 * every caller that arrives while it runs waits for the same outcome. On failure `onFailure`
 * runs once for the whole burst (sign-out + redirect), then every waiter is rejected.
 */
interface RefreshQueue {
  /** A fresh access token, or the refresh error. */
  acquire(): Promise<string>;
  readonly pending: boolean;
}

export function createRefreshQueue(deps: {
  refresh: () => Promise<string>;
  onFailure: (error: unknown) => void;
}): RefreshQueue {
  let inFlight: Promise<string> | null = null;

  const start = async (): Promise<string> => {
    try {
      // Always settle asynchronously, so `inFlight` is set before `finally` clears it.
      return await Promise.resolve().then(deps.refresh);
    } catch (error) {
      deps.onFailure(error);
      throw error;
    } finally {
      inFlight = null;
    }
  };

  return {
    acquire() {
      inFlight ??= start();
      return inFlight;
    },
    get pending() {
      return inFlight !== null;
    },
  };
}
