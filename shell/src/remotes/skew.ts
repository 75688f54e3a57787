/** Thrown instead of loading a remote whose release this console cannot satisfy. */
export class SkewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SkewError';
  }
}
