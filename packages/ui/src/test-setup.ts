import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
import { loadAntdOnDemand } from './antd-on-demand.ts';

// antd's forms, tables and overlays come in their own chunk; components render with it loaded
// (antd-on-demand.test.tsx covers the render before it is).
await loadAntdOnDemand();
