#!/usr/bin/env node
// The release CLI (`pnpm release|promote|rollback|releases`): TypeScript run through tsx,
// resolved from this package so the repository root needs no tsx of its own.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
