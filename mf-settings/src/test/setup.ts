import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans with vitest globals, which these apps keep off.
afterEach(cleanup);
// Pages are lazy chunks; the first one pulls antd through the transformer (slow when cold).
configure({ asyncUtilTimeout: 10_000 });
