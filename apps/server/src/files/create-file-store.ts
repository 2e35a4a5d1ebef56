import path from 'node:path';
import type { Config } from '../config';
import type { FileStore } from './file-store';
import { createLocalFileStore } from './local-file-store';
import { createS3FileStore } from './s3-file-store';

/** The file store config asks for: the S3 bucket when `S3_BUCKET` is set, else `<dataDir>/attachments`. */
export function createFileStore(config: Config): FileStore {
  const { s3 } = config.attachments;
  return s3
    ? createS3FileStore(s3)
    : createLocalFileStore(path.join(config.dataDir, 'attachments'));
}
