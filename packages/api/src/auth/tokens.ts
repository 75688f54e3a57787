import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * The sign-in steps after a correct password, each good for nothing else: a second factor
 * (short), or enrolling an authenticator (time to install an app, scan and store the codes).
 */
export const TEMP_TOKEN_TTL_S = { verify: 5 * 60, enrol: 15 * 60 } as const;
export type ChallengePurpose = keyof typeof TEMP_TOKEN_TTL_S;
const ISSUER = 'manager-api';
const AUDIENCE = { access: 'manager-access', verify: 'manager-2fa', enrol: 'manager-2fa-enrol' } as const;
type Purpose = keyof typeof AUDIENCE;

interface VerifiedToken {
  adminId: number;
  familyId?: string;
  /** Temp tokens: the sign-in challenge (table sign_in_challenges) they stand for. */
  challengeId?: string;
  /** When the token stops being good (its `exp`). */
  expiresAt: Date;
}

/**
 * HS256 JWTs: access tokens (`ACCESS_TOKEN_MINUTES`, 15 by default; they carry the session
 * family) and sign-in temp tokens (carry their challenge, which the database lets open one
 * session).
 */
export class TokenSigner {
  /** Imported once: jose imports a raw key on every sign and verify (a cost on every request). */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    rawKey: Uint8Array,
    private readonly now: () => Date,
    private readonly accessTtlS: number,
  ) {
    this.key = webcrypto.subtle.importKey('raw', rawKey, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  signAccess(adminId: number, familyId: string): Promise<string> {
    return this.sign('access', adminId, this.accessTtlS, { fid: familyId });
  }

  signTemp(adminId: number, purpose: ChallengePurpose, challengeId: string): Promise<string> {
    return this.sign(purpose, adminId, TEMP_TOKEN_TTL_S[purpose], { jti: challengeId });
  }

  verifyAccess(token: string): Promise<VerifiedToken | null> {
    return this.verify('access', token);
  }

  verifyTemp(token: string, purpose: ChallengePurpose): Promise<VerifiedToken | null> {
    return this.verify(purpose, token);
  }

  private async sign(purpose: Purpose, adminId: number, ttl: number, claims: Record<string, string>) {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE[purpose])
      .setSubject(String(adminId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(await this.key);
  }

  /**
   * Tokens whose signature and claims were verified, with their expiry: every guarded request
   * verifies its bearer token, and WebCrypto's HMAC job cost about 0.3 ms of the API's CPU per
   * request at 1M users. A signature never changes its verdict under one key, so a
   * cached token is only checked against the clock again, as jose does (valid while exp > now,
   * in whole seconds). Revocation is not cached: the guard asks the database every time.
   */
  private readonly verified = new Map<string, { exp: number; token: VerifiedToken }>();
  static readonly VERIFIED_CACHE_MAX = 1000;

  private async verify(purpose: Purpose, token: string): Promise<VerifiedToken | null> {
    const cacheKey = `${purpose}:${token}`;
    const hit = this.verified.get(cacheKey);
    if (hit) return hit.exp > Math.floor(this.now().getTime() / 1000) ? hit.token : null;
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE[purpose],
        currentDate: this.now(),
      });
      const adminId = Number(payload.sub);
      if (!Number.isSafeInteger(adminId) || adminId <= 0) return null;
      const familyId = typeof payload.fid === 'string' ? payload.fid : undefined;
      const challengeId = typeof payload.jti === 'string' ? payload.jti : undefined;
      if (purpose === 'access' ? !familyId : !challengeId) return null;
      // Tokens are always signed with an expiry; one without is not this signer's.
      if (typeof payload.exp !== 'number') return null;
      const verified = { adminId, familyId, challengeId, expiresAt: new Date(payload.exp * 1000) };
      if (this.verified.size >= TokenSigner.VERIFIED_CACHE_MAX)
        this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(cacheKey, { exp: payload.exp, token: verified });
      return verified;
    } catch {
      return null;
    }
  }
}
