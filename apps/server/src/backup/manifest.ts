import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BackupError } from './backup-error';

/** Bumped when the layout of a backup changes in a way an older restore cannot read. */
export const BACKUP_FORMAT = 1;

/** The manifest's file name inside a backup directory. */
export const MANIFEST_FILE = 'manifest.json';

const ZTable = z.object({
  schema: z.string(),
  name: z.string(),
  /** Column names in COPY order: a restore into a newer schema copies exactly these. */
  columns: z.array(z.string()),
  rows: z.number().int().nonnegative(),
  /** Relative to the backup directory: the table's rows in COPY text format, gzipped. */
  file: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const ZSequence = z.object({
  schema: z.string(),
  name: z.string(),
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});

const ZFile = z.object({
  /** The file store key (also its path below `files/`). */
  key: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const ZManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  /** When the database snapshot was taken (every change committed before is in the backup). */
  snapshotAt: z.string(),
  finishedAt: z.string(),
  postgresVersion: z.string(),
  /** The newest applied drizzle migration: its tag and `when` (= `created_at` in the database). */
  migration: z.object({ tag: z.string(), when: z.number().int() }),
  /** pg-boss's schema version in the backed-up database, if it had its schema. */
  jobSchemaVersion: z.number().int().nullable(),
  /** Where the attachment files came from. */
  fileStore: z.enum(['local', 's3']),
  tables: z.array(ZTable),
  sequences: z.array(ZSequence),
  files: z.array(ZFile),
  /** Keys the snapshot named whose file was gone when copied (deleted after the snapshot). */
  missingFiles: z.array(z.string()),
  /** DATA_DIR files the rows need (below `data-dir/`): the generated integrations key. */
  dataDirSecrets: z.array(ZFile),
});

/** What `manifest.json` records about one backup. */
export type BackupManifest = z.infer<typeof ZManifest>;
/** One table's data in a backup. */
export type BackupTable = z.infer<typeof ZTable>;
/** One sequence's position in a backup. */
export type BackupSequence = z.infer<typeof ZSequence>;
/** One attachment file in a backup. */
export type BackupFile = z.infer<typeof ZFile>;

/** Where a DATA_DIR secret file's copy lives inside a backup directory. */
export function backupSecretPath(backupDir: string, name: string): string {
  return path.join(backupDir, 'data-dir', name);
}

/** Where a file store key's copy lives inside a backup directory. */
export function backupFilePath(backupDir: string, key: string): string {
  return path.join(backupDir, 'files', ...key.split('/'));
}

/**
 * Reads and validates a backup's manifest.
 *
 * @throws {BackupError} when it is missing, unreadable or of another format.
 */
export async function readManifest(backupDir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(
      `${backupDir} is not a Waymark backup: it has no ${MANIFEST_FILE} (an interrupted backup is left as *.partial and cannot be restored)`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${path.join(backupDir, MANIFEST_FILE)} is not valid JSON`);
  }
  const parsed = ZManifest.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(
      `${path.join(backupDir, MANIFEST_FILE)} is not a manifest of backup format ${BACKUP_FORMAT}: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`,
    );
  }
  return parsed.data;
}
