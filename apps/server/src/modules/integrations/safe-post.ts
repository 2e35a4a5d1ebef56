import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIpLiteral, isPublicAddress } from './address-policy';

/** What the receiver answered. */
export type PostAnswer = {
  status: number;
  /** At most `maxBodyBytes` of the answer, as text. */
  body: string;
  /** Seconds from a `Retry-After` header (Slack's 429), when it gave one. */
  retryAfterSeconds: number | undefined;
};

/** A delivery this server will not make (a private address, a bad redirect): not retried sooner. */
export class DeliveryRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryRefusedError';
  }
}

/** Options of {@link safePost}. */
export type SafePostOptions = {
  /** `WEBHOOK_ALLOW_PRIVATE`: skip the address check (loopback receivers, tests). */
  allowPrivateAddresses: boolean;
  /** The whole exchange, redirects included; default 10 s. */
  timeoutMs?: number;
  /** How much of the answer is read; default 4 kB. The rest is dropped unread. */
  maxBodyBytes?: number;
  /** Host name resolution (tests give a resolver that answers loopback for a public name). */
  resolve?: (host: string) => Promise<string[]>;
  /**
   * Which addresses count as allowed; default {@link isPublicAddress}. Tests name one loopback
   * address "public" to see a redirect from it to another refused.
   */
  isAllowedAddress?: (address: string) => boolean;
};

const MAX_REDIRECTS = 3;

/**
 * POSTs `body` to `url` without letting it reach the operator's network: the host is resolved,
 * EVERY address it resolves to must be public (unless allowed), and the connection is pinned to
 * the checked address so a second DNS answer cannot swap it (DNS rebinding). TLS still verifies
 * the certificate against the host name. 307/308 redirects are followed (at most three), each
 * target checked the same way; other redirects are answers like any non-2xx.
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
    const location = answer.location;
    if ((answer.status !== 307 && answer.status !== 308) || !location) return answer;
    if (hop >= MAX_REDIRECTS) throw new DeliveryRefusedError('Too many redirects');
    target = new URL(location, target);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new DeliveryRefusedError(`Refused a redirect to a ${target.protocol} URL`);
  }
}

async function checkedAddress(target: URL, options: SafePostOptions): Promise<string> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const resolve =
    options.resolve ??
    (async (name: string) => (await lookup(name, { all: true })).map((entry) => entry.address));
  const addresses = isIpLiteral(host) ? [host] : await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!options.allowPrivateAddresses) {
    const isAllowed = options.isAllowedAddress ?? isPublicAddress;
    const refused = addresses.find((address) => !isAllowed(address));
    if (refused !== undefined)
      throw new DeliveryRefusedError(
        `Refused ${host}: it resolves to ${refused}, a loopback, link-local or private address`,
      );
  }
  return addresses[0] as string;
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
