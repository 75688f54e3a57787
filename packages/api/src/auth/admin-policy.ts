/** What an administrator created by `admin:create` must satisfy. */
export const MIN_PASSWORD_LENGTH = 12;

/** Letters, digits, dot, dash, underscore: never an `@`, so a username is never someone's e-mail (both sign in). */
export function usernameProblem(username: string): string | null {
  if (!/^[\p{L}\p{N}._-]{3,64}$/u.test(username)) {
    return 'The username must be 3 to 64 letters, digits, dots, dashes or underscores.';
  }
  return null;
}

export function passwordProblem(password: string, username: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password.trim().toLowerCase() === username.trim().toLowerCase())
    return 'The password must not be the username.';
  return null;
}
