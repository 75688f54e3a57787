/** Files and names the specs upload or type: defined once for every spec. */

/** The smallest valid images: the API checks an upload by its bytes, and the previews load. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A PNG for `setInputFiles`, under the name the form shows. */
export const png = (name = 'pixel.png') => ({ name, mimeType: 'image/png', buffer: PNG_1PX });
export const gif = (name = 'pixel.gif') => ({ name, mimeType: 'image/gif', buffer: GIF_1PX });

/** Not an image: the forms refuse it with "Please select a valid image file". */
export const TEXT_FILE = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') };

/** A text unique to this run, so reruns against a reused stack do not collide. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;
