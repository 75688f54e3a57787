import { paths } from '@manager/contract';
import { useAuthStore } from '@manager/platform';
import { useDeferredValue, type ReactNode } from 'react';
import { Navigate } from '@manager/platform';

export function SessionLoading() {
  return <div style={{ padding: 24, textAlign: 'center' }}>Loading...</div>;
}

/** Every route but /login needs a signed-in administrator (docs/screens.md). */
export function RequireAuth({ children }: { children: ReactNode }) {
  // The session check ending draws the whole layout and first page. A store update
  // renders in one blocking task (about 150-270 ms on a 2-core machine, Lighthouse's blocking
  // time); deferred, React draws them in a background render that yields every few
  // milliseconds, and "Loading..." stays until it is done.
  const loading = useDeferredValue(useAuthStore((s) => s.loading));
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  if (loading) return <SessionLoading />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace />;
  return children;
}
