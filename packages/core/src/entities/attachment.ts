import { z } from 'zod';
import { ZId, ZTimestamp } from './ids';

/** A file attached to an item (spec §1, issue 14): what the item shows about it. */
export const ZAttachment = z.object({
  attachmentId: ZId,
  itemId: ZId,
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** Detected from the file's bytes by the server; `application/octet-stream` when unknown. */
  contentType: z.string(),
  /** Hex SHA-256 of the bytes, to verify a download. */
  sha256: z.string(),
  uploadedBy: z.string(),
  uploadedAt: ZTimestamp,
  /** A raster image the server shows inline: the extension may draw a thumbnail of it. */
  isImage: z.boolean(),
});
/** A file attached to an item. */
export type TAttachment = z.infer<typeof ZAttachment>;

/** An organization's attachment storage: shown to the admin on the Account screen. */
export const ZAttachmentStorage = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
  maxFileBytes: z.number().int().positive(),
});
/** An organization's attachment storage. */
export type TAttachmentStorage = z.infer<typeof ZAttachmentStorage>;

/** Raster image types a browser draws safely: the only ones served inline (never SVG or HTML). */
export const INLINE_IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
];

/** The multipart field an upload carries its file in. */
export const ATTACHMENT_FIELD = 'file';

/** Formats a byte count the way the product shows sizes: `812 B`, `4.2 KB`, `25 MB`, `1.5 GB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** 413 for one file over the per-file limit. */
export function formatFileTooLarge(maxFileBytes: number): string {
  return `The file is larger than the ${formatBytes(maxFileBytes)} limit for attachments.`;
}

/** 409 for an upload that would take the organization past its storage quota. */
export function formatQuotaExceeded(quotaBytes: number): string {
  return `Your organization has used its ${formatBytes(quotaBytes)} of attachment storage. Delete attachments to make room.`;
}

/** The item history field an added (after = name) or removed (before = name) attachment is recorded under. */
export const ATTACHMENT_HISTORY_FIELD = 'attachments';
