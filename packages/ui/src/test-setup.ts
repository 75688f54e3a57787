import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
