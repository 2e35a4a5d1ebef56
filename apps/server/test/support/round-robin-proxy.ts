import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A load balancer for tests: round robin over ready copies, as docs/deploy.md configures one. */
export type RoundRobinProxy = {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** How many requests each upstream answered. */
  answeredBy: Map<string, number>;
  close: () => Promise<void>;
};

const HEALTH_INTERVAL_MS = 100;
// Refused: nothing was sent, so any request may go to another copy. A reset after sending is not
// retried: a POST may have run.
const RETRYABLE = new Set(['ECONNREFUSED']);

/**
 * Starts the proxy. Like a real balancer it polls each upstream's `/readyz` and sends requests
 * only to ready ones, opens a connection per request, and retries on another copy only when the
 * connection was refused (the request never reached it).
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const ready = new Set(upstreams);
  const answeredBy = new Map<string, number>();
  let turn = 0;
  const poll = setInterval(() => {
    for (const upstream of upstreams)
      fetch(`${upstream}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
        (response) => (response.ok ? ready.add(upstream) : ready.delete(upstream)),
        () => ready.delete(upstream),
      );
  }, HEALTH_INTERVAL_MS);

  const pick = (): string => {
    const candidates = upstreams.filter((upstream) => ready.has(upstream));
    const pool = candidates.length > 0 ? candidates : upstreams;
    turn += 1;
    return pool[turn % pool.length] ?? '';
  };

  const forward = (
    upstream: string,
    request: http.IncomingMessage,
    body: Buffer,
  ): Promise<http.IncomingMessage> =>
    new Promise((resolve, reject) => {
      const target = new URL(request.url ?? '/', upstream);
      const outgoing = http.request(
        target,
        { method: request.method, headers: request.headers, agent: false },
        resolve,
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      void (async () => {
        for (let attempt = 0; attempt < upstreams.length * 3; attempt += 1) {
          const upstream = pick();
          try {
            const answer = await forward(upstream, request, body);
            answeredBy.set(upstream, (answeredBy.get(upstream) ?? 0) + 1);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            return;
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code ?? '';
            if (!RETRYABLE.has(code)) break;
            ready.delete(upstream);
          }
        }
        response.writeHead(502).end('no upstream answered');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answeredBy,
    close: async () => {
      clearInterval(poll);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
