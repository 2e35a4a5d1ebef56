import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalFileStore } from '../files/local-file-store';
import { copyFilesIn, copyFilesOut } from './copy-files';
import { backupFilePath } from './manifest';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'waymark-copy-files-'));
  folders.push(folder);
  return folder;
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('copyFilesOut / copyFilesIn', () => {
  it('copies only the named keys, reports a key deleted since the snapshot, and puts them back', async () => {
    const store = createLocalFileStore(await tempDir());
    await store.put('org-1/a.bin', Readable.from(['alpha']));
    await store.put('org-1/orphan.bin', Readable.from(['nobody names me']));
    const backup = await tempDir();

    const { files, missingFiles } = await copyFilesOut(
      store,
      ['org-1/a.bin', 'org-1/gone.bin'],
      backup,
    );

    expect(files).toEqual([{ key: 'org-1/a.bin', bytes: 5, sha256: sha256('alpha') }]);
    expect(missingFiles).toEqual(['org-1/gone.bin']);
    expect(await readFile(backupFilePath(backup, 'org-1/a.bin'), 'utf8')).toBe('alpha');
    await expect(readFile(backupFilePath(backup, 'org-1/orphan.bin'))).rejects.toThrow(/ENOENT/);

    const target = createLocalFileStore(await tempDir());
    await copyFilesIn(target, files, backup);
    const keys: string[] = [];
    for await (const page of target.list()) keys.push(...page.map((file) => file.key));
    expect(keys).toEqual(['org-1/a.bin']);
  });
});
