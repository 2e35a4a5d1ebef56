import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupError } from './backup-error';
import { BACKUP_FORMAT, readManifest, type BackupManifest } from './manifest';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
async function backupWith(content: string | undefined): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'waymark-manifest-'));
  folders.push(folder);
  if (content !== undefined) await writeFile(path.join(folder, 'manifest.json'), content);
  return folder;
}

const VALID: BackupManifest = {
  format: BACKUP_FORMAT,
  snapshotAt: '2026-11-26T03:00:00.000Z',
  finishedAt: '2026-11-26T03:00:05.000Z',
  postgresVersion: '18.0',
  migration: { tag: '0028_item_search_title_index', when: 1795657743530 },
  jobSchemaVersion: 27,
  fileStore: 'local',
  tables: [
    {
      schema: 'public',
      name: 'items',
      columns: ['id'],
      rows: 1,
      file: 'database/000.copy.gz',
      sha256: 'a'.repeat(64),
    },
  ],
  sequences: [{ schema: 'public', name: 'items_id_seq', lastValue: '1', isCalled: true }],
  files: [],
  missingFiles: [],
  dataDirSecrets: [],
};

describe('readManifest', () => {
  it('reads a valid manifest', async () => {
    expect(await readManifest(await backupWith(JSON.stringify(VALID)))).toEqual(VALID);
  });

  it('refuses a folder without a manifest, naming the interrupted-backup case', async () => {
    const folder = await backupWith(undefined);
    await expect(readManifest(folder)).rejects.toThrow(BackupError);
    await expect(readManifest(folder)).rejects.toThrow(
      `${folder} is not a Waymark backup: it has no manifest.json (an interrupted backup is left as *.partial and cannot be restored)`,
    );
  });

  it('refuses a manifest that is not JSON or of another format', async () => {
    await expect(readManifest(await backupWith('{'))).rejects.toThrow(/is not valid JSON$/);
    await expect(
      readManifest(await backupWith(JSON.stringify({ ...VALID, format: BACKUP_FORMAT + 1 }))),
    ).rejects.toThrow(/is not a manifest of backup format 1: format/);
    await expect(
      readManifest(
        await backupWith(
          JSON.stringify({ ...VALID, files: [{ key: 'k', bytes: 1, sha256: 'nope' }] }),
        ),
      ),
    ).rejects.toThrow(/files\.0\.sha256/);
  });
});
