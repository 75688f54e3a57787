/** The link authenticator apps read; built from the secret when the server sends none. */
export function otpauthUrl(secret: string, account: string, issuer = 'Manager'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${params.toString()}`;
}
