import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkedAddress, nextHop, type OutboundGuard } from './outbound-guard';

export { DeliveryRefusedError } from './outbound-guard';

/** What the receiver answered. */
export type PostAnswer = {
  status: number;
  /** At most `maxBodyBytes` of the answer, as text. */
  body: string;
  /** Seconds from a `Retry-After` header (Slack's 429), when it gave one. */
  retryAfterSeconds: number | undefined;
};

/** Options of {@link safePost}. */
export type SafePostOptions = OutboundGuard & {
  /** The whole exchange, redirects included; default 10 s. */
  timeoutMs?: number;
  /** How much of the answer is read; default 4 kB. The rest is dropped unread. */
  maxBodyBytes?: number;
};

/**
 * POSTs `body` to `url` without letting it reach the operator's network: the host is resolved,
 * EVERY address it resolves to must be public (unless allowed), and the connection is pinned to
 * the checked address so a second DNS answer cannot swap it (DNS rebinding). TLS still verifies
 * the certificate against the host name. Redirects follow the one rule of outgoing calls
 * ({@link nextHop}: 307/308, at most three), each target checked the same way; other redirects
 * are answers like any non-2xx.
 *
 * @throws {DeliveryRefusedError} for a refused address or redirect.
 * @throws {Error} for DNS failures, connection errors and the timeout.
 */
export async function safePost(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SafePostOptions,
): Promise<PostAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let target = new URL(url);
  for (let hop = 0; ; hop += 1) {
    const address = await checkedAddress(target, options);
    const answer = await postOnce(target, address, body, headers, {
      signal,
      maxBodyBytes: options.maxBodyBytes ?? 4096,
    });
    const next = nextHop({
      method: 'POST',
      status: answer.status,
      location: answer.location,
      current: target,
      hop,
    });
    if (!next) return answer;
    target = next;
  }
}

type OnceAnswer = PostAnswer & { location: string | undefined };

function postOnce(
  target: URL,
  address: string,
  body: string,
  headers: Record<string, string>,
  options: { signal: AbortSignal; maxBodyBytes: number },
): Promise<OnceAnswer> {
  const family = address.includes(':') ? 6 : 4;
  // The connection goes to the address checked above, whatever DNS says now.
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const request = (target.protocol === 'https:' ? https : http).request;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      {
        method: 'POST',
        lookup: pinned,
        signal: options.signal,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, options.maxBodyBytes).toString('utf8'),
            retryAfterSeconds: parseRetryAfter(response.headers['retry-after']),
            location: response.headers.location,
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= options.maxBodyBytes) finish();
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,6}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
