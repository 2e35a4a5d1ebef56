import path from 'node:path';
import { BackupError } from './backup-error';
import { hashFile } from './checksum';
import { backupFilePath, backupSecretPath, type BackupManifest } from './manifest';

/**
 * Checks every file of a backup against the manifest's SHA-256 before anything is restored.
 *
 * @throws {BackupError} naming the first file that is missing or differs.
 */
export async function verifyBackup(backupDir: string, manifest: BackupManifest): Promise<void> {
  const expected = [
    ...manifest.tables.map((table) => ({
      file: path.join(backupDir, table.file),
      sha256: table.sha256,
    })),
    ...manifest.files.map((file) => ({
      file: backupFilePath(backupDir, file.key),
      sha256: file.sha256,
    })),
    ...manifest.dataDirSecrets.map((file) => ({
      file: backupSecretPath(backupDir, file.key),
      sha256: file.sha256,
    })),
  ];
  for (const { file, sha256 } of expected) {
    const actual = await hashFile(file).catch(() => undefined);
    if (!actual) throw new BackupError(`The backup is incomplete: ${file} is missing`);
    if (actual.sha256 !== sha256) {
      throw new BackupError(
        `The backup is damaged: ${file} does not match its checksum in the manifest; nothing was restored`,
      );
    }
  }
}
