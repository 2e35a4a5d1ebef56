import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore } from './local-file-store';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('the local file store', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'waymark-local-store-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // Issue 24: attachments were written 0644 in 0755 folders, readable by every account on the host.
  it('writes files only its owner may read, in folders only its owner may enter', async () => {
    const root = path.join(dataDir, 'attachments');
    const files = createLocalFileStore(root);
    await files.put('org-7/a-key', Readable.from([Buffer.from('private bytes')]));
    expect(await modeOf(path.join(root, 'org-7', 'a-key'))).toBe(0o600);
    expect(await modeOf(path.join(root, 'org-7'))).toBe(0o700);
    expect(await modeOf(root)).toBe(0o700);
    expect(await readdir(path.join(root, 'org-7'))).toEqual(['a-key']);
  });
});
