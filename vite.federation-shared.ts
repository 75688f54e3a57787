/**
 * Build config shared by the shell and every remote (not app code: no app imports it).
 * One list of Module Federation singletons so the page holds exactly one React, one antd
 * and one `@manager/platform` (one auth store, one refresh queue, one toaster).
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'antd',
  '@ant-design/icons',
  '@ant-design/cssinjs',
  'dayjs',
  'zustand',
  '@tanstack/react-query',
  'react-hot-toast',
  '@manager/platform',
] as const;

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

interface SharedEntry {
  singleton: true;
  requiredVersion?: string;
}

/** `shared` option for `federation()`; requiredVersion comes from the app's package.json. */
export function federationShared(pkg: PackageJson): Record<string, SharedEntry> {
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  const shared: Record<string, SharedEntry> = {};
  for (const name of SHARED_SINGLETONS) {
    const range = deps[name.endsWith('/') ? name.slice(0, -1) : name];
    // workspace:* is not a semver range: let the runtime accept whatever the host provides.
    const requiredVersion = range && !range.startsWith('workspace:') ? range : '*';
    shared[name] = { singleton: true, requiredVersion };
  }
  return shared;
}

/** Default ports (spec: console 4173, remotes 4174-4178); PORT overrides. */
export const APP_PORTS = {
  shell: 4173,
  mf_users: 4174,
  mf_commerce: 4175,
  mf_transactions: 4176,
  mf_engagement: 4177,
  mf_settings: 4178,
} as const;

export function appPort(app: keyof typeof APP_PORTS): number {
  const fromEnv = Number(process.env.PORT);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : APP_PORTS[app];
}
