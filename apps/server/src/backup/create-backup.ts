import { rename, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { EmbeddedLog } from '../db/embedded-postgres';
import { createFileStore } from '../files/create-file-store';
import { copyFilesOut } from './copy-files';
import { copySecretsOut } from './data-dir-secrets';
import { dumpDatabase, type OnSnapshot } from './dump-database';
import { BACKUP_FORMAT, MANIFEST_FILE, type BackupManifest } from './manifest';
import { migrationTag } from './migration-level';
import { openConfiguredDatabase } from './open-database';

/** Options of {@link createBackup}. */
export type CreateBackupOptions = {
  config: Config;
  /** The folder the backup's own timestamped folder is made in. */
  outDir: string;
  log: EmbeddedLog;
  /** For tests: told the moment of the snapshot. */
  onSnapshot?: OnSnapshot;
  /** Default: now. Names the backup folder. */
  now?: Date;
};

/**
 * Backs up the database and the attachment files into `<outDir>/waymark-backup-<UTC time>/` with
 * a `manifest.json` (versions, migration level, SHA-256 of every file). The database comes from
 * one snapshot while the server keeps writing; the files are copied after it, so every file the
 * snapshot names is there. Written as `*.partial` and renamed when complete: a folder without
 * that suffix is always a whole backup.
 */
export async function createBackup(
  options: CreateBackupOptions,
): Promise<{ dir: string; manifest: BackupManifest }> {
  const { config, outDir, log } = options;
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const dir = path.join(path.resolve(outDir), `waymark-backup-${stamp}`);
  const partial = `${dir}.partial`;
  await mkdir(partial, { recursive: true, mode: 0o700 });
  const database = await openConfiguredDatabase(config, log);
  try {
    log.info(`Backing up the database into ${partial}`);
    const dump = await dumpDatabase(database.connectionString, partial, options.onSnapshot);
    const store = createFileStore(config);
    log.info(`Copying ${dump.attachmentKeys.length} attachment files from the ${store.kind} store`);
    const { files, missingFiles } = await copyFilesOut(store, dump.attachmentKeys, partial);
    for (const key of missingFiles) {
      log.warn(`Attachment ${key} was deleted after the snapshot; its row restores without bytes`);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      snapshotAt: dump.snapshotAt,
      finishedAt: new Date().toISOString(),
      postgresVersion: dump.postgresVersion,
      migration: { when: dump.migration.when, tag: await migrationTag(dump.migration.when) },
      jobSchemaVersion: dump.jobSchemaVersion,
      fileStore: store.kind,
      tables: dump.tables,
      sequences: dump.sequences,
      files,
      missingFiles,
      dataDirSecrets: await copySecretsOut(config.dataDir, partial),
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await rename(partial, dir);
    log.info(`Backup complete: ${dir}`);
    return { dir, manifest };
  } finally {
    await database.close();
  }
}
