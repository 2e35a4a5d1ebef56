import { z } from 'zod';
import { ZId, ZTimestamp } from './ids';

/**
 * Issue 33: the two kinds of archive the data-export module prepares — a person's own data
 * (GDPR Art. 20, JSON) and a whole organization (ZIP, for its admins).
 */
export const DATA_EXPORT_KINDS = ['personal', 'organization'] as const;
/** One kind of archive. */
export type TDataExportKind = (typeof DATA_EXPORT_KINDS)[number];

/** Where an archive is: being prepared, ready to download until `expiresAt`, or failed. */
export const DATA_EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;

/** One requested archive, as the portal shows it. */
export const ZDataExport = z.object({
  id: ZId,
  kind: z.enum(DATA_EXPORT_KINDS),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: ZTimestamp,
  /** When the archive was ready; null while it is prepared. */
  readyAt: ZTimestamp.nullable(),
  /** After this the link answers 410 and the archive is purged; null until ready. */
  expiresAt: ZTimestamp.nullable(),
  /** The archive's size; null until ready. */
  sizeBytes: z.number().int().nonnegative().nullable(),
  /** True once `expiresAt` has passed. */
  isExpired: z.boolean(),
  /** The archive's file name, e.g. `waymark-my-data-2026-11-26.json`. */
  fileName: z.string(),
});
/** One requested archive. */
export type TDataExport = z.infer<typeof ZDataExport>;

/** The answer of a status call: the newest archive of its kind, or null when none was asked for. */
export const ZDataExportStatus = z.object({ latest: ZDataExport.nullable() });
/** The newest archive of a kind. */
export type TDataExportStatus = z.infer<typeof ZDataExportStatus>;

/** Answered (410) when a download link is used after its archive expired. */
export const EXPORT_LINK_EXPIRED =
  'This download link has expired and the archive has been deleted. Request a new export to download your data again.';

/** Answered (404) when the archive does not exist or is not the caller's. */
export const EXPORT_NOT_FOUND = 'Export not found.';

/** Answered (409) when the archive is still being prepared. */
export const EXPORT_NOT_READY =
  'This export is still being prepared. We will e-mail you a link as soon as it is ready.';
