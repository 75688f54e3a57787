/** The smallest bodies the image checks accept, by magic bytes. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);
export const GIF = Buffer.from('GIF89a0000');
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);

/** A text field, or a file when `filename` is given ('' is an empty file input). */
export type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body for `app.inject` / `t.call`. */
export function multipart(parts: Part[]) {
  const boundary = 'test-boundary-1234';
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n` +
        (p.filename !== undefined ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Text fields by name, then files. */
export const form = (fields: Record<string, string>, files: Part[] = []) =>
  multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files]);
