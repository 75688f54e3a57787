import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { grantPermissions } from '@manager/platform/testing';
import { loadAntdOnDemand } from '@manager/ui';

// Testing Library only auto-cleans with vitest globals, which these apps keep off.
afterEach(cleanup);
// Pages render as an Owner sees them (every button); a test of a narrower role grants its own.
beforeEach(() => grantPermissions());
// Pages are lazy chunks; the first one pulls antd through the transformer (slow when cold).
configure({ asyncUtilTimeout: 10_000 });
// antd's forms, tables and overlays come in their own chunk (ui/src/antd-on-demand.ts); the shell
// loads it before a remote page mounts, so tests render with it loaded too.
await loadAntdOnDemand();
