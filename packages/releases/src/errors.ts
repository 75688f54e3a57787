/**
 * A refusal the CLI reports as one line on stderr with exit code 1: bad input (unknown remote
 * or version), nothing to roll back, a held lock, an unmet skew. Thrown before anything is
 * written, so a refused command leaves the release folder as it was.
 */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}
