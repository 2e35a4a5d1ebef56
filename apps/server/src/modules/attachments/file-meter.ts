import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { INLINE_IMAGE_TYPES } from '@waymark/core';
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
};

/**
 * Creates a {@link FileMeter}; `onChunk` runs for every chunk (the upload's stall watch), in the
 * same step, so the upload's chunks pass one stream between the parser and the store (issue 34:
 * a second stage, an async generator, cost a promise and a tick per chunk). Only the first
 * 64 KiB are kept, for `file-type`: the upload itself is never held in memory. Markup (SVG,
 * HTML) has no magic number and comes out as `application/octet-stream`; plain text, logs, CSV,
 * Markdown and JSON are named by extension. Either way only raster images are ever served as
 * anything but a download.
 */
export function createFileMeter(onChunk: () => void = () => undefined): FileMeter {
  const hash = createHash('sha256');
  const samples: Buffer[] = [];
  let sampled = 0;
  let sizeBytes = 0;
  const stream = new Transform({
    // As much as the file store's write queue (files/local-file-store.ts), so neither pauses the
    // other every 16 KiB.
    highWaterMark: 1024 * 1024,
    transform(chunk: Buffer, _encoding, callback) {
      onChunk();
      hash.update(chunk);
      sizeBytes += chunk.length;
      if (sampled < SAMPLE_BYTES) {
        const part = chunk.subarray(0, SAMPLE_BYTES - sampled);
        samples.push(Buffer.from(part));
        sampled += part.length;
      }
      callback(null, chunk);
    },
  });
  return {
    stream,
    async finish(fileName) {
      const sample = Buffer.concat(samples);
      const detected = await fileTypeFromBuffer(sample);
      return {
        sizeBytes,
        sha256: hash.digest('hex'),
        contentType:
          detected?.mime ?? detectTextType(fileName, sample) ?? 'application/octet-stream',
      };
    },
  };
}

/** True for the raster image types served inline and shown as thumbnails. */
export function isInlineImage(contentType: string): boolean {
  return INLINE_IMAGE_TYPES.includes(contentType);
}
