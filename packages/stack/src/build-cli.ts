// `pnpm build`: builds the shell and remotes whose sources changed (also before the e2e run);
// `--force` builds them all.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
buildStale(root, { force: process.argv.includes('--force') });
