import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './backup-error';
import { hashFile } from './checksum';
import { backupSecretPath, type BackupFile } from './manifest';

// Files of DATA_DIR without which restored rows cannot be read: integrations.key seals the
// GitHub tokens and webhook secrets when INTEGRATIONS_KEY is not set (integrations-key.ts). The
// embedded cluster's postgres-password is not one: a restore makes a new cluster and password.
const SECRET_FILES = ['integrations.key'];

/** Copies the data directory's secret files that exist into `<backupDir>/data-dir/`. */
export async function copySecretsOut(dataDir: string, backupDir: string): Promise<BackupFile[]> {
  const copied: BackupFile[] = [];
  for (const name of SECRET_FILES) {
    const target = backupSecretPath(backupDir, name);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await copyFile(path.join(dataDir, name), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    copied.push({ key: name, ...(await hashFile(target)) });
  }
  return copied;
}

/**
 * Refuses a target DATA_DIR that already has one of the secret files the backup brings (a
 * different key would leave the restored secrets unreadable).
 */
export async function checkSecretsAbsent(
  dataDir: string,
  secrets: readonly BackupFile[],
): Promise<void> {
  for (const secret of secrets) {
    const existing = await hashFile(path.join(dataDir, secret.key)).catch(() => undefined);
    if (existing) {
      throw new BackupError(
        `Refusing to restore: ${path.join(dataDir, secret.key)} already exists. Restore into an empty DATA_DIR; nothing was changed`,
      );
    }
  }
}

/** Puts the backup's secret files into the target DATA_DIR (mode 0600). */
export async function copySecretsIn(
  dataDir: string,
  backupDir: string,
  secrets: readonly BackupFile[],
): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  for (const secret of secrets) {
    await copyFile(backupSecretPath(backupDir, secret.key), path.join(dataDir, secret.key));
  }
}
