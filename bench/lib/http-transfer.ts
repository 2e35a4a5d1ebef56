import { Agent, request } from 'node:http';

// One kept-alive connection, as a browser or the extension reuses one.
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** One HTTP exchange's status and, for a JSON answer, its parsed body. */
export type Exchange = { status: number; bytes: number; json?: unknown };

/**
 * Sends `body` (one prepared buffer) and counts the answer's bytes without keeping them, on
 * `node:http`: the benchmark's client should cost as little CPU as possible on the machine it
 * shares with the server, or the figure measures the client (issue 34: `fetch` built web streams
 * per chunk and gathered the 20 MB download into one buffer).
 */
export function exchange(
  url: string,
  options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: Buffer },
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method,
        agent,
        headers: {
          ...options.headers,
          ...(options.body && { 'content-length': String(options.body.length) }),
        },
      },
      (incoming) => {
        let bytes = 0;
        const small: Buffer[] = [];
        const isJson = String(incoming.headers['content-type']).startsWith('application/json');
        incoming.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (isJson) small.push(chunk);
        });
        incoming.once('error', reject);
        incoming.once('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            bytes,
            ...(isJson && { json: JSON.parse(Buffer.concat(small).toString('utf8')) }),
          }),
        );
      },
    );
    outgoing.once('error', reject);
    outgoing.end(options.body);
  });
}

/** Closes the kept-alive connections, so the process can exit. */
export function closeConnections(): void {
  agent.destroy();
}
