import { AppError } from '@waymark/core';
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../module';
import { findAttachment } from './attachment-queries';
import { ATTACHMENT_NOT_FOUND } from './delete-attachment';
import { isInlineImage } from './file-meter';
import { removeBidiControls } from './file-name';
import { chooseRange, type ByteRange } from './download-range';

/** Answered (416) to a `Range` that starts past the file's end. */
export const RANGE_NOT_SATISFIABLE_MESSAGE = 'The requested range is outside the file.';

/**
 * Downloads run no script, load nothing, and cannot be framed, whatever the bytes turn out to be
 * (an HTML or SVG file opened from the API origin stays inert).
 */
export const DOWNLOAD_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** An attachment's bytes with what the answer needs to describe them. */
export type AttachmentDownload = {
  body: Readable;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  /** The bytes sent when a single range was asked for (206); the whole file otherwise. */
  range?: ByteRange;
};

/** The request headers a download honours: `Range` and `If-Range` (RFC 9110 §14). */
export type RangeHeaders = { range?: string | undefined; ifRange?: string | undefined };

/**
 * Opens an attachment of an item for download: the whole file, or the one byte range `headers`
 * ask for (media players seek in the recordings of issue 32; resumed downloads). Reading is never
 * plan-gated (spec §9: files stay downloadable after a downgrade). A row whose file is missing is
 * answered NOT_FOUND, not 500; a range past the end RANGE_NOT_SATISFIABLE (416) — the route sets
 * the `Content-Range` naming the size through `onUnsatisfiable` first.
 */
export async function openAttachment(
  { db, files }: Pick<AppDeps, 'db' | 'files'>,
  input: { itemId: number; attachmentId: number },
  headers: RangeHeaders = {},
  onUnsatisfiable: (sizeBytes: number) => void = () => undefined,
): Promise<AttachmentDownload> {
  const row = await findAttachment(db, input);
  if (!row) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  const choice = chooseRange(headers, row.sizeBytes, etagOf(row.sha256));
  if (choice.kind === 'unsatisfiable') {
    onUnsatisfiable(row.sizeBytes);
    throw new AppError('RANGE_NOT_SATISFIABLE', RANGE_NOT_SATISFIABLE_MESSAGE);
  }
  const range = choice.kind === 'partial' ? choice.range : undefined;
  const body = await files.get(row.storageKey, range);
  if (!body) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  return { ...row, body, ...(range && { range }) };
}

// The SHA-256 names the bytes exactly: a strong tag, which If-Range requires.
const etagOf = (sha256: string) => `"${sha256}"`;

/**
 * Sends a download: raster images inline with their detected type, everything else as an
 * attachment of type `application/octet-stream`, never sniffed, under a sandboxing CSP. A range
 * is sent as 206 with its `Content-Range`; every answer says `Accept-Ranges: bytes`.
 */
export function sendAttachment(reply: FastifyReply, file: AttachmentDownload): FastifyReply {
  const isInline = isInlineImage(file.contentType);
  const { range } = file;
  if (range)
    void reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
  return reply
    .header('content-type', isInline ? file.contentType : 'application/octet-stream')
    .header(
      'content-disposition',
      // Names stored before bidi controls were stripped on upload are cleaned on the way out too.
      contentDisposition(removeBidiControls(file.fileName), {
        type: isInline ? 'inline' : 'attachment',
      }),
    )
    .header('content-length', String(range ? range.end - range.start + 1 : file.sizeBytes))
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOWNLOAD_CSP)
    .header('cache-control', 'private, no-cache')
    .header('etag', etagOf(file.sha256))
    .send(file.body);
}
