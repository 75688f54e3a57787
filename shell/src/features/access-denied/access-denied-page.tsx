import { paths, PERMISSIONS, type Permission } from '@manager/contract';
import { Link } from '@manager/platform';
import { EmptyState } from '@manager/ui';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * What a route the admin may not open shows, in the layout so the menu stays at hand
 * (docs/screens.md#access-denied): the permission missing, by name and by what it allows, and
 * a way home. Every built-in role may open the dashboard; an admin who may not (a custom role)
 * is sent to their own security page, which every admin may open.
 */
export function AccessDeniedPage({ permission }: { permission: Permission }) {
  useDocumentTitle('Access denied');
  const home = permission === 'dashboard.read' ? paths.security : paths.dashboard;
  return (
    <EmptyState
      title="Access denied"
      description={
        <>
          This page needs the permission <code>{permission}</code>: {PERMISSIONS[permission]}. Ask an Owner
          for a role that holds it.
        </>
      }
      action={<Link to={home}>{home === paths.dashboard ? 'Go to the dashboard' : 'Go to My security'}</Link>}
    />
  );
}
