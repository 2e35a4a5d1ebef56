import { Worker } from 'node:worker_threads';

// Bytes are copied into buffers of this size and each full one is handed to the worker whole
// (transferred, not copied again): 20 messages per 20 MB instead of one per 64 KiB body piece —
// every message wakes the other thread, a cost that grows with the machine's load.
const SLICE_BYTES = 1024 * 1024;
// At most this many slices per upload are out at once (2 MiB, made only when none is free):
// past it, the upload waits for the hashing thread.
const SLICES_PER_HASH = 2;

// The worker's whole program. One SHA-256 per open hash; each slice is transferred back to be
// filled again once hashed.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', ({ id, kind, slice, length }) => {
  if (kind === 'update') {
    let hash = hashes.get(id);
    if (!hash) hashes.set(id, (hash = createHash('sha256')));
    hash.update(new Uint8Array(slice, 0, length));
    parentPort.postMessage({ id, kind: 'free', slice }, [slice]);
  } else if (kind === 'digest') {
    const hash = hashes.get(id) ?? createHash('sha256');
    hashes.delete(id);
    parentPort.postMessage({ id, kind: 'digest', hex: hash.digest('hex') });
  } else hashes.delete(id);
});
`;

type FromWorker =
  { id: number; kind: 'free'; slice: ArrayBuffer } | { id: number; kind: 'digest'; hex: string };

type OpenHash = { onMessage(message: FromWorker): void; onFailure(error: Error): void };

let worker: Worker | undefined;
let nextId = 1;
const open = new Map<number, OpenHash>();

/** The one hashing thread of the process, started on first use and again after a failure. */
function hashWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  // An idle hashing thread never keeps the process alive.
  started.unref();
  started.on('message', (message: FromWorker) => open.get(message.id)?.onMessage(message));
  const fail = (error: Error) => {
    if (worker !== started) return;
    worker = undefined;
    for (const hash of open.values()) hash.onFailure(error);
    open.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`The hashing thread exited with code ${code}`)));
  worker = started;
  return started;
}

/** A SHA-256 computed on another thread, fed in order; from {@link createOffThreadHash}. */
export type OffThreadHash = {
  /**
   * Adds `chunk` (copied: the caller may reuse or pass it on at once). Returns a promise when this
   * hash already has all its slices out: feed it nothing more until that resolves.
   */
  update(chunk: Uint8Array): Promise<void> | undefined;
  /** The hex digest of every byte added; the hash is closed after. */
  digest(): Promise<string>;
  /** Closes the hash without a digest (the upload failed); safe to call more than once. */
  discard(): void;
};

/**
 * Creates a SHA-256 hashed on the process's hashing thread (issue 34, decision 0090). An upload
 * hashed on the main thread spent ~16 ms of its ~70 there per 20 MB, in series with parsing the
 * body; here the main thread only copies the bytes (~2 ms per 20 MB) into 1 MiB slices,
 * and the other core hashes them while the next bytes arrive. Node's `crypto` has no streaming
 * hash in libuv's pool, and Web Crypto's `digest` needs the whole file in memory.
 */
export function createOffThreadHash(): OffThreadHash {
  const id = nextId++;
  const thread = hashWorker();
  const spare: ArrayBuffer[] = [];
  let slicesMade = 0;
  let filling: Uint8Array | undefined;
  let filled = 0;
  let failure: Error | undefined;
  let waiting: { resolve(): void; reject(error: Error): void } | undefined;
  let digested: { resolve(hex: string): void; reject(error: Error): void } | undefined;
  let closed = false;

  const send = () => {
    if (!filling || filled === 0) return;
    const slice = filling.buffer as ArrayBuffer;
    thread.postMessage({ id, kind: 'update', slice, length: filled }, [slice]);
    filling = undefined;
    filled = 0;
  };
  const nextSlice = (): Uint8Array | undefined => {
    const reused = spare.pop();
    if (reused) return new Uint8Array(reused);
    if (slicesMade === SLICES_PER_HASH) return undefined;
    slicesMade += 1;
    return new Uint8Array(new ArrayBuffer(SLICE_BYTES));
  };
  open.set(id, {
    onMessage(message) {
      if (message.kind === 'digest') return digested?.resolve(message.hex);
      spare.push(message.slice);
      const resume = waiting;
      waiting = undefined;
      resume?.resolve();
    },
    onFailure(error) {
      failure = error;
      waiting?.reject(error);
      digested?.reject(error);
    },
  });
  const close = () => {
    closed = true;
    open.delete(id);
  };

  /** Copies from `chunk[offset..]` into slices until it is all in or no slice is free. */
  const copy = (chunk: Uint8Array, offset: number): Promise<void> | undefined => {
    while (offset < chunk.length) {
      filling ??= nextSlice();
      if (!filling) {
        return new Promise<void>((resolve, reject) => (waiting = { resolve, reject })).then(() =>
          copy(chunk, offset),
        );
      }
      const taken = Math.min(chunk.length - offset, SLICE_BYTES - filled);
      filling.set(chunk.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === SLICE_BYTES) send();
    }
    return undefined;
  };

  return {
    update(chunk) {
      if (failure) return Promise.reject(failure);
      if (closed) throw new Error('Hash already closed');
      return copy(chunk, 0);
    },
    digest() {
      if (failure) return Promise.reject(failure);
      if (closed) return Promise.reject(new Error('Hash already closed'));
      send();
      const answer = new Promise<string>((resolve, reject) => (digested = { resolve, reject }));
      thread.postMessage({ id, kind: 'digest' });
      return answer.finally(close);
    },
    discard() {
      if (closed) return;
      close();
      if (!failure) thread.postMessage({ id, kind: 'discard' });
    },
  };
}
