import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAntdOnDemand } from '@manager/ui';

// Testing Library only auto-cleans with vitest globals, which these apps keep off.
afterEach(cleanup);
// Pages are lazy chunks; the first one pulls antd through the transformer (slow when cold).
configure({ asyncUtilTimeout: 10_000 });
// antd's forms, tables and overlays come in their own chunk (ui/src/antd-on-demand.ts); the shell
// loads it before a remote page mounts, so tests render with it loaded too.
await loadAntdOnDemand();
