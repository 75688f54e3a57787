import { z } from 'zod';

/**
 * In a browser page, zod parses without generating code. zod compiles object schemas with
 * `new Function` where it may, and probes whether it may as each one is made; the console's
 * pages refuse `eval` (their Content-Security-Policy, docs/security.md), so the probe would be
 * a reported violation on every load, although zod then falls back. The contract's entry
 * imports this module first, so it runs before any of its schemas is made (in any copy of
 * zod: the setting lives on globalThis). On Node (the API) zod keeps its compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });
