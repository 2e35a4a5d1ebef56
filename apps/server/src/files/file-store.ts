import type { Readable } from 'node:stream';

/** One stored file, as {@link FileStore.list} reports it. */
export type StoredFile = {
  /** The key it was written under. */
  key: string;
  /** When it was last written; the orphan sweeper spares files younger than its grace period. */
  modifiedAt: Date;
};

/**
 * Where attachment bytes live (issue 14): local disk or an S3-compatible bucket, built once at the
 * app's root from config. Keys are `/`-separated, made of `[A-Za-z0-9._-]` segments, chosen by the
 * server, never by a client.
 */
export type FileStore = {
  /** Which implementation this is, for logs and `/readyz`. */
  kind: 'local' | 's3';
  /**
   * Streams `body` to `key`. Resolves once every byte is durable; if `body` fails or the process
   * dies first, no file is visible under `key` (a partial one may be left for the sweeper under
   * another key).
   */
  put(key: string, body: Readable): Promise<void>;
  /**
   * The bytes under `key`, streamed — only bytes `range.start` to `range.end` (both included) when
   * a range is given; `undefined` when there is no such file.
   */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every file under `prefix` (default: all), a page at a time. */
  list(prefix?: string): AsyncIterable<StoredFile[]>;
};
