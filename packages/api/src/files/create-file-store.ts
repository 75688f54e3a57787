import { S3Client } from '@aws-sdk/client-s3';
import type { UploadsStoreConfig } from '../config';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

/** The store UPLOADS_STORE names: the uploads folder (`dir`) or the configured bucket. */
export function createFileStore(config: UploadsStoreConfig, dir: string): FileStore {
  if (config.kind === 'local') return new LocalFileStore(dir);
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
  return new S3FileStore(client, config.bucket);
}
