import type { Config } from '../config';
import type { Db } from '../db/client';
import type { TokenSigner } from '../auth/tokens';
import type { MultipartFile } from '@fastify/multipart';
import type { ImageUpload } from './uploads';

/** The signed-in admin of a request, set by the auth guard. */
export interface RequestAdmin {
  id: number;
  /** Refresh-token family of this session: logout revokes it. */
  familyId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** The current time; tests pass a fixed clock (TOTP steps, lockout windows). */
    clock: () => Date;
    tokens: TokenSigner;
    /** Stores an image part under a generated name; returns its `/uploads/<name>` URL. */
    saveImageUpload(part: MultipartFile): Promise<string>;
    /** Stores an image already checked by readMultipartForm; returns its `/uploads/<name>` URL. */
    storeImage(image: ImageUpload): Promise<string>;
    /** Awaits `write`; deletes the image at `url` again if it fails (no orphan uploads). */
    discardImageOnFailure<T>(url: string | undefined, write: Promise<T>): Promise<T>;
    /** onRequest hook: a valid bearer access token of a live session, else 401. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    admin?: RequestAdmin;
  }
}
