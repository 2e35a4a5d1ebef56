import { readdir, readlink } from 'node:fs/promises';
import http from 'node:http';

/** What the server answered to a {@link RawUpload}, if it answered at all. */
export type RawAnswer = { statusCode: number; body: string };

/** An upload over a real socket that the test may cut, stall or finish at will. */
export type RawUpload = {
  /** Resolves once the first `sent` bytes are handed to the kernel. */
  written: Promise<void>;
  /** The server's answer; never settles if the server never answers. */
  answer: Promise<RawAnswer>;
  /** Resolves when the connection is closed, by either side. */
  closed: Promise<void>;
  /** Sends more bytes of the body. */
  write(bytes: Buffer): void;
  /** Ends the request (the server then has every byte it was promised, or fewer). */
  end(): void;
  /** Drops the connection, as a client that cancels or goes away. */
  abort(): void;
};

/**
 * POSTs `payload` to `url` over a fresh connection, announcing `contentLength` (default: the
 * payload's length) but writing only its first `sent` bytes; the rest is the test's to send.
 */
export function startRawUpload(
  url: string,
  options: {
    headers: Record<string, string>;
    payload: Buffer;
    sent: number;
    contentLength?: number;
  },
): RawUpload {
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: {
      ...options.headers,
      'content-length': String(options.contentLength ?? options.payload.length),
    },
  });
  request.on('error', () => undefined); // an aborted or closed request errors; the test expects it
  const answer = new Promise<RawAnswer>((resolve) =>
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('error', () => undefined);
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }));
    }),
  );
  const closed = new Promise<void>((resolve) =>
    request.on('socket', (socket) => socket.once('close', () => resolve())),
  );
  const written = new Promise<void>((resolve) =>
    request.write(options.payload.subarray(0, options.sent), () => resolve()),
  );
  return {
    written,
    answer,
    closed,
    write: (bytes) => void request.write(bytes),
    end: () => void request.end(),
    abort: () => void request.destroy(),
  };
}

/** How many descriptors this process holds open. */
export async function countOpenFds(): Promise<number> {
  return (await readdir('/proc/self/fd')).length;
}

/** How many descriptors this process holds on files under `folder`. */
export async function countFdsUnder(folder: string): Promise<number> {
  let count = 0;
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
    if (target.startsWith(`${folder}/`)) count += 1;
  }
  return count;
}
