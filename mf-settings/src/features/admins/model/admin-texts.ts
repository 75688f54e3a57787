import type { AdminRequest, AdminRow } from '@manager/contract';

/** What the Second factors column says: `Authenticator, 2 passkeys`, `None`. */
export function secondFactorsText({ secondFactors: f }: Pick<AdminRow, 'secondFactors'>): string {
  const parts = [
    ...(f.authenticator ? ['Authenticator'] : []),
    ...(f.passkeys > 0 ? [`${f.passkeys} ${f.passkeys === 1 ? 'passkey' : 'passkeys'}`] : []),
  ];
  return parts.length ? parts.join(', ') : 'None';
}

/** A pending request in words: `Grant Support to carol`, `Enable carol`, `Reset the second factor of carol`. */
export function requestText(r: Pick<AdminRequest, 'kind' | 'admin' | 'roles'>): string {
  if (r.kind === 'grant')
    return `Grant ${r.roles.map((role) => role.name).join(', ')} to ${r.admin.username}`;
  if (r.kind === 'enable') return `Enable ${r.admin.username}`;
  return `Reset the second factor of ${r.admin.username}`;
}
