#!/usr/bin/env node
// Builds the shell and remotes whose sources changed (used before the e2e run).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
buildStale(root, { force: process.argv.includes('--force') });
