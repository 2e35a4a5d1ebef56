import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config';
import type { FileStore } from './file-store';

// Multipart parts of 5 MiB (S3's minimum), one in flight: an upload holds at most ~10 MiB.
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 1;

/**
 * A {@link FileStore} on any S3-compatible bucket, so several server copies share files. Bodies
 * stream through `@aws-sdk/lib-storage`'s `Upload` (one PutObject, or a multipart upload past one
 * part); an object appears only when its upload completes, and a failed one is aborted. Keys are
 * used as object keys as they are.
 */
export function createS3FileStore(config: S3Config): FileStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint && { endpoint: config.endpoint }),
    ...(config.credentials && { credentials: config.credentials }),
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      // A failing source stream does not always reject the upload: make it.
      const failed = new Promise<never>((_, reject) => body.once('error', reject));
      try {
        await Promise.race([upload.done(), failed]);
      } catch (error) {
        // The body's producer waits on it: end it too, or it waits forever for a reader.
        body.destroy(error as Error);
        await upload.abort().catch(() => undefined);
        throw error;
      }
    },
    async get(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range && { Range: `bytes=${range.start}-${range.end}` }),
          }),
        );
        return object.Body as Readable | undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix = '') {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        yield (page.Contents ?? []).flatMap((object) =>
          object.Key ? [{ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) }] : [],
        );
      }
    },
  };
}
