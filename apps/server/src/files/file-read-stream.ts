import type { FileHandle } from 'node:fs/promises';
import { OutgoingMessage } from 'node:http';
import { Readable, type Writable } from 'node:stream';

/** Bytes per read, as the local store's write chunks: 20 reads for a 20 MB download. */
export const READ_CHUNK_BYTES = 1024 * 1024;
// Three: one chunk on the socket, one waiting in this stream for its drain, one being read.
const RING_SIZE = 3;

/** How a {@link FileReadStream} got its buffers: reused from its ring, or newly allocated. */
export type ReadBufferCounts = { reused: number; allocated: number };

/**
 * A file's bytes, whole or from `start` to `end` (both included), read from `handle` into a ring
 * of three buffers reused once the HTTP response it is piped to has written them (issue 34). A
 * stream from `fs.createReadStream` allocates a new buffer per read: 20 MB of buffer memory per
 * 20 MB download, which V8 counts as external memory and answers with a full collection of the
 * heap about once per transfer. Here a download allocates at most three.
 *
 * A buffer is reused only when it is provably written: this stream is piped to exactly one
 * `http.ServerResponse` (Fastify's `reply.send(stream)` does that) and every byte that left it,
 * minus what the response and its socket still hold (`writableLength`, which counts a chunk until
 * its write's callback — the kernel has it then), reaches past that buffer's bytes. Consumed any
 * other way (another pipe, `data` listeners, async iteration) or when in doubt, a read gets a new
 * buffer, as `fs.createReadStream` would. The handle is closed when the stream ends or is
 * destroyed (a client gone midway).
 */
export class FileReadStream extends Readable {
  /** Buffers reused and allocated so far: what the tests and the bench look at. */
  readonly counts: ReadBufferCounts = { reused: 0, allocated: 0 };
  readonly #handle: FileHandle;
  readonly #ring: (Buffer | undefined)[] = [];
  // For each ring slot: the count of bytes pushed once its last chunk was pushed.
  readonly #ringEnds: number[] = [];
  readonly #chunkBytes: number;
  #position: number;
  readonly #stop: number;
  #next = 0;
  #pushed = 0;
  // undefined: not piped yet; null: consumed in a way that cannot prove a buffer written.
  #sink: OutgoingMessage | null | undefined;

  constructor(handle: FileHandle, range: { start?: number; end?: number; size: number }) {
    super({ highWaterMark: READ_CHUNK_BYTES });
    this.#handle = handle;
    this.#position = range.start ?? 0;
    this.#stop = Math.min(range.size, (range.end ?? Infinity) + 1);
    this.#chunkBytes = Math.max(1, Math.min(READ_CHUNK_BYTES, this.#stop - this.#position));
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    this.#sink =
      this.#sink === undefined && destination instanceof OutgoingMessage ? destination : null;
    return super.pipe(destination, options);
  }

  // The pipe's own cleanup (the response closed, finished or failed) calls this too.
  override unpipe(destination?: NodeJS.WritableStream): this {
    this.#sink = null;
    return super.unpipe(destination);
  }

  override _read(): void {
    const length = Math.min(this.#chunkBytes, this.#stop - this.#position);
    if (length <= 0) {
      this.push(null);
      return;
    }
    const slot = this.#next;
    this.#next = (slot + 1) % RING_SIZE;
    const buffer = this.#bufferFor(slot);
    this.#handle.read(buffer, 0, length, this.#position).then(
      ({ bytesRead }) => {
        if (this.destroyed) return;
        // A file shorter than it was when opened ends early, as fs.createReadStream's would.
        if (bytesRead === 0) {
          this.push(null);
          return;
        }
        this.#position += bytesRead;
        this.#pushed += bytesRead;
        this.#ringEnds[slot] = this.#pushed;
        this.push(buffer.subarray(0, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // FileHandle.close waits for a read still in flight.
    this.#handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }

  #bufferFor(slot: number): Buffer {
    const kept = this.#ring[slot];
    if (kept && this.#isWritten(this.#ringEnds[slot] ?? Infinity)) {
      this.counts.reused += 1;
      return kept;
    }
    // A kept buffer not yet written stays with the socket until it is, then is collected.
    const fresh = Buffer.allocUnsafeSlow(this.#chunkBytes);
    this.#ring[slot] = fresh;
    this.counts.allocated += 1;
    return fresh;
  }

  /** True when the response has handed every byte up to `end` (of those pushed) to the kernel. */
  #isWritten(end: number): boolean {
    const sink = this.#sink;
    if (!sink || sink.destroyed || this.listenerCount('data') !== 1) return false;
    const leftThisStream = this.#pushed - this.readableLength;
    return leftThisStream - (sink as unknown as Writable).writableLength >= end;
  }
}
