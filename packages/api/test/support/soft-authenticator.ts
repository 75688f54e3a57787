import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

/*
 * A software WebAuthn authenticator for the API tests: a P-256 key pair per credential, 'none'
 * attestation, authenticator data with the relying party's id hash, flags and a signature
 * counter, assertions signed over authenticatorData || sha256(clientDataJSON), as a platform
 * authenticator with user verification answers navigator.credentials.create() and .get().
 */

const FLAG = { UP: 0x01, UV: 0x04, AT: 0x40 } as const;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** What a test may change in one ceremony, to make it wrong in one way. */
export interface Tamper {
  origin?: string;
  rpId?: string;
  /** User verification reported (default true). */
  uv?: boolean;
  challenge?: string;
  /** The counter to report instead of the next one. */
  counter?: number;
  type?: string;
}

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter; 0 forever with `counting: false` (authenticators that keep none). */
  counter = 0;

  constructor(
    readonly origin = 'http://localhost:5173',
    private readonly counting = true,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    return encodeCBOR(
      new Map<number, CBORType>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
      ]),
    );
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, options: Options, tamper: Tamper): Buffer {
    const challenge = tamper.challenge ?? options.challenge;
    return Buffer.from(
      JSON.stringify({
        type: tamper.type ?? type,
        challenge,
        origin: tamper.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  private nextCounter(tamper: Tamper): number {
    if (tamper.counter !== undefined) return tamper.counter;
    if (this.counting) this.counter += 1;
    return this.counter;
  }

  /** The RegistrationResponseJSON for creation options (as @simplewebauthn/browser sends it). */
  register(options: Options, tamper: Tamper = {}) {
    const rpId = tamper.rpId ?? options.rp?.id ?? 'localhost';
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = FLAG.UP | FLAG.AT | (tamper.uv === false ? 0 : FLAG.UV);
    const authData = this.authData(rpId, flags, this.nextCounter(tamper), attested);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options, tamper)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The AuthenticationResponseJSON for request options, signed with this credential's key. */
  assert(options: Options, tamper: Tamper = {}) {
    const rpId = tamper.rpId ?? options.rpId ?? 'localhost';
    const flags = FLAG.UP | (tamper.uv === false ? 0 : FLAG.UV);
    const authData = this.authData(rpId, flags, this.nextCounter(tamper));
    const clientData = this.clientData('webauthn.get', options, tamper);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
