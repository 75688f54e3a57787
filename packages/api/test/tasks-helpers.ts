import { readdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { TestApp } from './helper';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body for app.inject (engagement tests: tasks, giveaways, tournaments, mailing). */
export function form(fields: Record<string, string>, files: Part[] = []) {
  const boundary = 'engagement-boundary-42';
  const parts: Part[] = [...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files];
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n` +
        (p.filename !== undefined ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const uploadedFiles = (t: TestApp) => readdirSync(t.config.uploadsDir);

/** Rows of a raw query; both drivers answer `{ rows }`, which the shared Db type leaves unknown. */
export async function rowsOf(t: TestApp, query: SQL): Promise<Array<Record<string, unknown>>> {
  return ((await t.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}
