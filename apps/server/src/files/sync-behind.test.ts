import { randomBytes } from 'node:crypto';
import type * as fs from 'node:fs';
import { createWriteStream, fdatasync, type WriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncBehind } from './sync-behind';

vi.mock('node:fs', async (original) => {
  const actual = await original<typeof fs>();
  return { ...actual, fdatasync: vi.fn(actual.fdatasync) };
});

const syncs = vi.mocked(fdatasync);
const MiB = 1024 * 1024;

/** `total` bytes in 64 KiB pieces, each on its own turn of the event loop, like a socket's. */
function arriving(bytes: Buffer): Readable {
  let offset = 0;
  return new Readable({
    read() {
      setImmediate(() => {
        this.push(offset < bytes.length ? bytes.subarray(offset, (offset += 64 * 1024)) : null);
      });
    },
  });
}

describe('syncing a file behind its writes', () => {
  let folder: string;
  let file: WriteStream;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'waymark-sync-behind-'));
    file = createWriteStream(path.join(folder, 'f'), { highWaterMark: MiB, flush: true });
    syncs.mockClear();
  });
  afterEach(async () => {
    syncs.mockImplementation((await vi.importActual<typeof fs>('node:fs')).fdatasync);
    await rm(folder, { recursive: true, force: true });
  });

  it("asks for the file's bytes on disk while they arrive, and passes every byte on", async () => {
    // A disk that syncs at once: a real one busy with other work may still be on the first sync
    // when the last bytes arrive, which is the behaviour (none started while one runs) but not
    // what this test counts.
    syncs.mockImplementation((_fd, done) => setImmediate(() => done(null)));
    const bytes = randomBytes(10 * MiB + 5);
    await pipeline(arriving(bytes), syncBehind(file, 2 * MiB), file);
    expect((await readFile(path.join(folder, 'f'))).equals(bytes)).toBe(true);
    // 10 MiB at one sync per 2 MiB, none started while one runs: at least two, at most five.
    expect(syncs.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(syncs.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('fails the write when an early sync fails: the disk lost bytes the final fsync may not report', async () => {
    syncs.mockImplementation((_fd, done) =>
      setImmediate(() => done(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }))),
    );
    await expect(
      pipeline(arriving(randomBytes(6 * MiB)), syncBehind(file, MiB), file),
    ).rejects.toThrow('EIO');
    expect(syncs).toHaveBeenCalled();
  });
});
