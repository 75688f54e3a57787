// The console's apps and their `pnpm start` ports, from the one list (packages/contract/src/apps.json).
// Read through require: every loader that runs these scripts (Node, Playwright's) takes it.
import { createRequire } from 'node:module';

/** @type {typeof import('../../contract/src/apps.json')} */
export const apps = createRequire(import.meta.url)('../../contract/src/apps.json');
