import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { INLINE_IMAGE_TYPES } from '@waymark/core';
import { createOffThreadHash } from './off-thread-hash';
import { detectTextType } from './text-type';

// Enough for file-type to tell every format it knows, including zip-based office documents.
const SAMPLE_BYTES = 64 * 1024;

/** What a file turned out to be once every byte went through its {@link FileMeter}. */
export type MeteredFile = { sizeBytes: number; sha256: string; contentType: string };

/** A pass-through stream that counts, hashes and samples the bytes of an upload on their way. */
export type FileMeter = {
  stream: Transform;
  /**
   * Call once the bytes are stored: size, SHA-256 and the type detected from the bytes, or for
   * text, from `fileName`'s extension when the bytes read as text.
   */
  finish(fileName: string): Promise<MeteredFile>;
  /** Drops the meter's hash when the upload failed (it is not finished then); safe to repeat. */
  discard(): void;
};

/**
 * Creates a {@link FileMeter}; `onChunk` runs for every chunk (the upload's stall watch), in the
 * same step, so the upload's chunks pass one stream between the parser and the store (issue 34:
 * a second stage, an async generator, cost a promise and a tick per chunk). Only the first
 * 64 KiB are kept, for `file-type`: the upload itself is never held in memory. Markup (SVG,
 * HTML) has no magic number and comes out as `application/octet-stream`; plain text, logs, CSV,
 * Markdown and JSON are named by extension. Either way only raster images are ever served as
 * anything but a download. The SHA-256 is computed on the hashing thread (off-thread-hash.ts): a
 * chunk waits only when that thread is a whole 2 MiB behind.
 */
export function createFileMeter(onChunk: () => void = () => undefined): FileMeter {
  const hash = createOffThreadHash();
  const samples: Buffer[] = [];
  let sampled = 0;
  let sizeBytes = 0;
  const stream = new Transform({
    // As much as the file store's write queue (files/local-file-store.ts), so neither pauses the
    // other every 16 KiB.
    highWaterMark: 1024 * 1024,
    transform(chunk: Buffer, _encoding, callback) {
      onChunk();
      sizeBytes += chunk.length;
      if (sampled < SAMPLE_BYTES) {
        const part = chunk.subarray(0, SAMPLE_BYTES - sampled);
        samples.push(Buffer.from(part));
        sampled += part.length;
      }
      const behind = hash.update(chunk);
      if (behind) behind.then(() => callback(null, chunk), callback);
      else callback(null, chunk);
    },
  });
  return {
    stream,
    async finish(fileName) {
      const sample = Buffer.concat(samples);
      const [detected, sha256] = await Promise.all([fileTypeFromBuffer(sample), hash.digest()]);
      return {
        sizeBytes,
        sha256,
        contentType:
          detected?.mime ?? detectTextType(fileName, sample) ?? 'application/octet-stream',
      };
    },
    discard: () => hash.discard(),
  };
}

/** True for the raster image types served inline and shown as thumbnails. */
export function isInlineImage(contentType: string): boolean {
  return INLINE_IMAGE_TYPES.includes(contentType);
}
