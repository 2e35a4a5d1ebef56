import type { Config } from '../config';
import { startEmbeddedPostgres, type EmbeddedLog } from '../db/embedded-postgres';
import { readLatestMigrationTime } from '../db/migrate';
import { createFileStore } from '../files/create-file-store';
import { BackupError } from './backup-error';
import { checkEmptyTarget } from './check-empty-target';
import { copyFilesIn } from './copy-files';
import { checkSecretsAbsent, copySecretsIn } from './data-dir-secrets';
import { loadDatabase } from './load-database';
import { readManifest, type BackupManifest } from './manifest';
import { verifyBackup } from './verify-backup';

/** Options of {@link restoreBackup}. */
export type RestoreBackupOptions = {
  /** The target: its `DATABASE_URL` (or embedded cluster under `DATA_DIR`) and its file store. */
  config: Config;
  /** A folder written by `npm run backup`. */
  backupDir: string;
  log: EmbeddedLog;
};

/**
 * Restores a backup into an empty target: checks the manifest and every checksum, refuses a
 * target that holds anything (before writing a byte), loads the database (migrating it when the
 * backup is older than this code), then puts the files into the store.
 *
 * @throws {BackupError} when the backup is damaged, newer than this code, or the target not empty.
 */
export async function restoreBackup(options: RestoreBackupOptions): Promise<BackupManifest> {
  const { config, backupDir, log } = options;
  const manifest = await readManifest(backupDir);
  if (manifest.migration.when > (await readLatestMigrationTime())) {
    throw new BackupError(
      `The backup was taken by a newer Waymark (migration ${manifest.migration.tag || manifest.migration.when}); restore it with that version or newer`,
    );
  }
  log.info(`Verifying ${manifest.tables.length} tables and ${manifest.files.length} files`);
  await verifyBackup(backupDir, manifest);
  const store = createFileStore(config);
  await checkEmptyTarget(config, store);
  await checkSecretsAbsent(config.dataDir, manifest.dataDirSecrets);

  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  try {
    const connectionString = config.databaseUrl ?? embedded?.connectionString ?? '';
    log.info(`Restoring the database (snapshot of ${manifest.snapshotAt})`);
    await loadDatabase(connectionString, backupDir, manifest);
    log.info(`Restoring ${manifest.files.length} files into the ${store.kind} store`);
    await copyFilesIn(store, manifest.files, backupDir);
    await copySecretsIn(config.dataDir, backupDir, manifest.dataDirSecrets);
  } finally {
    await embedded?.stop();
  }
  log.info('Restore complete: start the server on this DATA_DIR / DATABASE_URL');
  return manifest;
}
