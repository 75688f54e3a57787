// The console's apps and their `pnpm start` ports, from the one list (@manager/contract's apps.json).
// Read through require: every loader that runs the stack (tsx, Playwright's) takes it.
import { createRequire } from 'node:module';

export const apps: typeof import('@manager/contract/apps.json') = createRequire(import.meta.url)(
  '@manager/contract/apps.json',
);

/** A remote's name (`users`, `commerce`, ...). */
export type RemoteName = keyof typeof apps.remotes;

/** The remotes, in the list's order. */
export const REMOTES = Object.keys(apps.remotes) as RemoteName[];
