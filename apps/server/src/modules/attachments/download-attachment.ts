import { AppError } from '@waymark/core';
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../module';
import { findAttachment } from './attachment-queries';
import { ATTACHMENT_NOT_FOUND } from './delete-attachment';
import { isInlineImage } from './file-meter';
import { removeBidiControls } from './file-name';

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
};

/**
 * Opens an attachment of an item for download. Reading is never plan-gated (spec §9: files stay
 * downloadable after a downgrade). A row whose file is missing is answered NOT_FOUND, not 500.
 */
export async function openAttachment(
  { db, files }: Pick<AppDeps, 'db' | 'files'>,
  input: { itemId: number; attachmentId: number },
): Promise<AttachmentDownload> {
  const row = await findAttachment(db, input);
  if (!row) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  const body = await files.get(row.storageKey);
  if (!body) throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
  return { ...row, body };
}

/**
 * Sends a download: raster images inline with their detected type, everything else as an
 * attachment of type `application/octet-stream`, never sniffed, under a sandboxing CSP.
 */
export function sendAttachment(reply: FastifyReply, file: AttachmentDownload): FastifyReply {
  const isInline = isInlineImage(file.contentType);
  return reply
    .header('content-type', isInline ? file.contentType : 'application/octet-stream')
    .header(
      'content-disposition',
      // Names stored before bidi controls were stripped on upload are cleaned on the way out too.
      contentDisposition(removeBidiControls(file.fileName), {
        type: isInline ? 'inline' : 'attachment',
      }),
    )
    .header('content-length', String(file.sizeBytes))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOWNLOAD_CSP)
    .header('cache-control', 'private, no-cache')
    .header('etag', `"${file.sha256}"`)
    .send(file.body);
}
