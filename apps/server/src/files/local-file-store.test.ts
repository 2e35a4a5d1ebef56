import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
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

  // Issue 34: chunks are gathered into 1 MiB writev batches while the next ones arrive.
  it('stores many small chunks byte for byte, and reads back one range of them', async () => {
    const files = createLocalFileStore(dataDir);
    const bytes = randomBytes(3.5 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, index) =>
      bytes.subarray(index * 65_536, (index + 1) * 65_536),
    );
    await files.put('org-1/big', Readable.from(chunks));
    expect((await readFile(path.join(dataDir, 'org-1', 'big'))).equals(bytes)).toBe(true);
    const range = await files.get('org-1/big', { start: 1_000_000, end: 2_500_000 });
    const read: Buffer[] = [];
    for await (const chunk of range ?? []) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(bytes.subarray(1_000_000, 2_500_001))).toBe(true);
    expect(await files.get('org-1/missing')).toBeUndefined();
  });

  it('leaves no file, not even a partial one, when the body fails midway', async () => {
    const files = createLocalFileStore(dataDir);
    const body = new Readable({ read: () => undefined });
    body.push(randomBytes(2 * 1024 * 1024));
    setTimeout(() => body.destroy(new Error('client gone')), 20);
    await expect(files.put('org-1/cut', body)).rejects.toThrow('client gone');
    expect(await readdir(path.join(dataDir, 'org-1'))).toEqual([]);
  });
});
