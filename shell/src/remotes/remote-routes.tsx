import type { RemoteRoute } from '@manager/platform';
import type { ReactNode } from 'react';
import { Route, Routes } from '@manager/platform';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { useDocumentTitle } from '../lib/use-document-title';

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

/**
 * Mounts a remote's absolute routes under the shell's `${prefix}/*` route: paths become
 * relative to the prefix so pages still read their params (e.g. telegramId).
 */
export function RemoteRoutes({ routes, prefix }: { routes: RemoteRoute[]; prefix: string }) {
  const own = routes.filter((r) => r.path === prefix || r.path.startsWith(`${prefix}/`));
  return (
    <Routes>
      {own.map(({ path, title, Component }) => {
        const relative = path.slice(prefix.length + 1);
        const element = (
          <Titled title={title}>
            <Component />
          </Titled>
        );
        return relative ? (
          <Route key={path} path={relative} element={element} />
        ) : (
          <Route key={path} index element={element} />
        );
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
