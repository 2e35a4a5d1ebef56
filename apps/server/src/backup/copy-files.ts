import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '../files/file-store';
import { hashFile } from './checksum';
import { backupFilePath, type BackupFile } from './manifest';

/**
 * Copies the files the snapshot names out of the store into `<dir>/files/`. Runs after the
 * snapshot, so every key exists unless its attachment was deleted since (reported as missing,
 * never an error); files written after the snapshot and orphans are not named, so not copied.
 */
export async function copyFilesOut(
  store: FileStore,
  keys: readonly string[],
  dir: string,
): Promise<{ files: BackupFile[]; missingFiles: string[] }> {
  const files: BackupFile[] = [];
  const missingFiles: string[] = [];
  for (const key of keys) {
    const body = await store.get(key);
    if (!body) {
      missingFiles.push(key);
      continue;
    }
    const target = backupFilePath(dir, key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await pipeline(body, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    files.push({ key, ...(await hashFile(target)) });
  }
  return { files, missingFiles };
}

/** Puts every file of a backup into the (empty) store under its key. */
export async function copyFilesIn(
  store: FileStore,
  files: readonly BackupFile[],
  dir: string,
): Promise<void> {
  for (const file of files) {
    await store.put(file.key, createReadStream(backupFilePath(dir, file.key)));
  }
}
