import { afterAll } from 'vitest';
import { removeTempWorkspaces } from './helpers';

afterAll(removeTempWorkspaces);
