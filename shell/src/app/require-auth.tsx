import { paths } from '@manager/contract';
import { useAuthStore } from '@manager/platform';
import type { ReactNode } from 'react';
import { Navigate } from '@manager/platform';

export function SessionLoading() {
  return <div style={{ padding: 24, textAlign: 'center' }}>Loading...</div>;
}

/** Every route but /login needs a signed-in administrator (spec section 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loading = useAuthStore((s) => s.loading);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  if (loading) return <SessionLoading />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace />;
  return children;
}
