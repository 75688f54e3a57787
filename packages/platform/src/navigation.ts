/** How the platform changes page: the shell registers react-router's navigate at start. */
type NavigateFn = (path: string) => void;

const LOGIN_PATH = '/login';

let navigateImpl: NavigateFn = (path) => window.location.assign(path);

export function setNavigate(fn: NavigateFn): void {
  navigateImpl = fn;
}

/** Sends the admin to the sign-in page, unless already there (avoids a reload loop). */
export function redirectToLogin(): void {
  if (typeof window !== 'undefined' && window.location.pathname === LOGIN_PATH) return;
  navigateImpl(LOGIN_PATH);
}
