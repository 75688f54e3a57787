import { paths } from '@manager/contract';
import { lazyPage, type RemoteRoute } from '@manager/platform';

/**
 * The Settings screen composes three features (features never import each other): the global
 * settings form and, below it, the admin's own sessions and two-factor section. One lazy
 * chunk for all.
 */
const settingsPage = lazyPage(async () => {
  const [{ PageHeader }, { SettingsSection }, { SessionsCard }, { TwoFactorCard }] = await Promise.all([
    import('@manager/ui'),
    import('./features/settings/components/settings-section'),
    import('./features/sessions/components/sessions-card'),
    import('./features/two-factor/components/two-factor-card'),
  ]);
  return {
    default: function SettingsPage() {
      return (
        <>
          <PageHeader title="Settings" subtitle="Manage application settings" />
          <SettingsSection />
          <SessionsCard />
          <TwoFactorCard />
        </>
      );
    },
  };
});

/** What this remote exposes as `./routes`: the shell mounts these under its layout. */
const routes: RemoteRoute[] = [
  {
    path: paths.settings,
    title: 'Settings',
    ...settingsPage,
  },
  {
    path: paths.audit,
    title: 'Audit Log',
    ...lazyPage(() => import('./features/audit/components/audit-page')),
  },
];

export default routes;
