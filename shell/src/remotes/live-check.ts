import { checkForUpdates, republishLive } from './remote-registry';

/**
 * Keeps `live` in versions.ts current while an admin is signed in: remotes.json is read again
 * when the tab regains focus, when it becomes visible, and every `seconds` while it is visible
 * (a hidden tab is checked when it is shown again). Returns the function that stops it.
 */
export function watchLiveRemotes(seconds: number): () => void {
  const check = () => {
    checkForUpdates().catch((error: unknown) => console.warn('remotes.json could not be checked', error));
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  // The admin may have changed since the last read (a canary is per admin).
  republishLive().catch(() => undefined);
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(() => {
    if (document.visibilityState !== 'hidden') check();
  }, seconds * 1000);
  return () => {
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', onVisibility);
    clearInterval(timer);
  };
}
