import { paths } from '@manager/contract';
import { Link, useLocation } from '@manager/platform';
import { EmptyState } from '@manager/ui';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * What an address the console does not know shows, in the layout so the menu stays at hand:
 * the shell's own unknown paths and an unknown path inside a remote's area alike
 * (docs/screens.md#page-not-found). The address stays as typed, so it can be corrected.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <EmptyState
      title="Page not found"
      description={`There is no page at ${pathname}.`}
      action={<Link to={paths.dashboard}>Go to the dashboard</Link>}
    />
  );
}
