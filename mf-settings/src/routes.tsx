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

/**
 * The admin's own sessions, second factor and passkeys, on a page every admin may open (the
 * top bar's My security), whatever their roles: the same cards as below the global settings.
 */
const securityPage = lazyPage(async () => {
  const [{ PageHeader }, { SessionsCard }, { TwoFactorCard }] = await Promise.all([
    import('@manager/ui'),
    import('./features/sessions/components/sessions-card'),
    import('./features/two-factor/components/two-factor-card'),
  ]);
  return {
    default: function SecurityPage() {
      return (
        <>
          <PageHeader title="My security" subtitle="Your sessions, second factor and passkeys" />
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
    path: paths.security,
    title: 'My security',
    ...securityPage,
  },
  {
    path: paths.audit,
    title: 'Audit Log',
    ...lazyPage(() => import('./features/audit/components/audit-page')),
  },
  {
    path: paths.admins,
    title: 'Administrators',
    ...lazyPage(() => import('./features/admins/components/admins-page')),
  },
];

export default routes;
