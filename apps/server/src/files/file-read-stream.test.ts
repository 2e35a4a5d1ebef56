import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileReadStream, READ_CHUNK_BYTES } from './file-read-stream';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Serves `stream()` piped to the response; GETs it, the client pausing `pauseMs` after its first
 * chunk. `socketQueueBytes`: the sockets' write high-water mark.
 */
async function serveAndFetch(
  stream: () => Promise<FileReadStream>,
  { pauseMs = 0, socketQueueBytes }: { pauseMs?: number; socketQueueBytes?: number } = {},
): Promise<{ body: Buffer; served: FileReadStream }> {
  let served: FileReadStream | undefined;
  const options = socketQueueBytes ? { highWaterMark: socketQueueBytes } : {};
  const server: Server = createServer(options, (_request, response) => {
    void stream().then((opened) => {
      served = opened;
      opened.pipe(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const body = await new Promise<Buffer>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/`, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (chunks.length === 1 && pauseMs > 0) {
            // The kernel's socket buffers fill: the server's writes stay pending meanwhile.
            incoming.pause();
            setTimeout(() => incoming.resume(), pauseMs);
          }
        });
        incoming.once('end', () => resolve(Buffer.concat(chunks)));
        incoming.once('error', reject);
      }).once('error', reject);
    });
    return { body, served: served as FileReadStream };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('FileReadStream', () => {
  let folder: string;
  let file: string;
  const bytes = randomBytes(READ_CHUNK_BYTES * 9 + 12_345);
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'waymark-read-stream-'));
    file = path.join(folder, 'file.bin');
    await writeFile(file, bytes);
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const openStream = async (range: { start?: number; end?: number } = {}) =>
    new FileReadStream(await open(file, 'r'), { ...range, size: bytes.length });

  // Issue 34: a download allocates three buffers, not one per chunk, and no byte is overwritten
  // while the socket still holds it — the client stalls, so writes stay pending for a while.
  it('sends a file to a slow HTTP client byte for byte from three reused buffers', async () => {
    const { body, served } = await serveAndFetch(openStream, { pauseMs: 300 });
    expect(sha(body)).toBe(sha(bytes));
    expect(served.counts).toEqual({ reused: 7, allocated: 3 });
  });

  // With a socket queue larger than the file, the response never pushes back: chunks pile up on
  // the socket while the client stalls, and a buffer it still holds must not be read into.
  it('reads into a new buffer while the socket still holds the ring', async () => {
    const { body, served } = await serveAndFetch(openStream, {
      pauseMs: 300,
      socketQueueBytes: 64 * 1024 * 1024,
    });
    expect(sha(body)).toBe(sha(bytes));
    expect(served.counts.allocated).toBeGreaterThan(3);
  });

  it('sends one byte range of the file', async () => {
    const { body } = await serveAndFetch(() => openStream({ start: 1_000_001, end: 3_500_000 }));
    expect(body.equals(bytes.subarray(1_000_001, 3_500_001))).toBe(true);
  });

  // A consumer that keeps the chunks (here: collecting them) must never see a buffer reused.
  it('gives a new buffer per read to a consumer other than an HTTP response', async () => {
    const stream = await openStream();
    const chunks = (await stream.toArray()) as Buffer[];
    expect(sha(Buffer.concat(chunks))).toBe(sha(bytes));
    expect(stream.counts).toEqual({ reused: 0, allocated: 10 });
  });

  it('reads a small file into one buffer of its size, and an empty file as no bytes', async () => {
    await writeFile(file, 'tiny');
    const tiny = new FileReadStream(await open(file, 'r'), { size: 4 });
    expect(Buffer.concat((await tiny.toArray()) as Buffer[]).toString()).toBe('tiny');
    expect(tiny.counts).toEqual({ reused: 0, allocated: 1 });
    await writeFile(file, '');
    const empty = new FileReadStream(await open(file, 'r'), { size: 0 });
    expect(await empty.toArray()).toEqual([]);
  });

  // A client gone midway: the stream is destroyed and its file handle closed.
  it('closes its file handle when destroyed midway and when it ends', async () => {
    const handle = await open(file, 'r');
    const stream = new FileReadStream(handle, { size: bytes.length });
    await new Promise((resolve) => stream.once('readable', resolve));
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(handle.fd).toBe(-1);
    const read = await openStream();
    await read.toArray();
    await new Promise((resolve) =>
      read.closed ? resolve(undefined) : read.once('close', resolve),
    );
    expect(read.closed).toBe(true);
  });
});
