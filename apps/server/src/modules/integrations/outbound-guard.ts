import { lookup } from 'node:dns/promises';
import { isIpLiteral, isPublicAddress } from './address-policy';

/** A request this server will not make (a private address, a bad redirect): not retried sooner. */
export class DeliveryRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryRefusedError';
  }
}

/**
 * How an outgoing call to an address someone else chose (a webhook endpoint, a Jira site, a
 * redirect's target) is checked before each connection.
 */
export type OutboundGuard = {
  /** `WEBHOOK_ALLOW_PRIVATE`: skip the address check (loopback receivers, tests). */
  allowPrivateAddresses: boolean;
  /** Host name resolution (tests give a resolver that answers loopback for a public name). */
  resolve?: (host: string) => Promise<string[]>;
  /**
   * Which addresses count as allowed; default {@link isPublicAddress}. Tests name one loopback
   * address "public" to see a redirect from it to another refused.
   */
  isAllowedAddress?: (address: string) => boolean;
};

/** Redirects followed per call, each hop checked again; one more is refused. */
export const MAX_REDIRECTS = 3;

/**
 * The address to connect to for `target`: the host is resolved and EVERY address it resolves to
 * must be allowed (unless private addresses are), so the connection can then be pinned to the
 * answer (a second DNS answer cannot swap it: DNS rebinding).
 *
 * @throws {DeliveryRefusedError} when any address is loopback, link-local or private.
 * @throws {Error} when the host does not resolve.
 */
export async function checkedAddress(target: URL, guard: OutboundGuard): Promise<string> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const resolve =
    guard.resolve ??
    (async (name: string) => (await lookup(name, { all: true })).map((entry) => entry.address));
  const addresses = isIpLiteral(host) ? [host] : await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!guard.allowPrivateAddresses) {
    const isAllowed = guard.isAllowedAddress ?? isPublicAddress;
    const refused = addresses.find((address) => !isAllowed(address));
    if (refused !== undefined)
      throw new DeliveryRefusedError(
        `Refused ${host}: it resolves to ${refused}, a loopback, link-local or private address`,
      );
  }
  return addresses[0] as string;
}

/**
 * The one redirect rule of every outgoing call (webhooks, Slack, GitHub, Linear, Jira): 307 and
 * 308 are followed for any method (they keep method and body), 301/302/303 only for GET and
 * HEAD (for a POST they would turn it into a GET without its body, which no API means); any other
 * answer is the answer. The caller checks the returned hop's address again before connecting.
 *
 * @returns the next URL to request, or null when `status` is the answer.
 * @throws {DeliveryRefusedError} past {@link MAX_REDIRECTS} hops or to a non-http(s) URL.
 */
export function nextHop(input: {
  method: string;
  status: number;
  location: string | null | undefined;
  current: URL;
  hop: number;
}): URL | null {
  const isKept = input.status === 307 || input.status === 308;
  const isSafeMethod = input.method === 'GET' || input.method === 'HEAD';
  const isFollowed = isKept || (isSafeMethod && [301, 302, 303].includes(input.status));
  if (!isFollowed || !input.location) return null;
  if (input.hop >= MAX_REDIRECTS) throw new DeliveryRefusedError('Too many redirects');
  const target = new URL(input.location, input.current);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new DeliveryRefusedError(`Refused a redirect to a ${target.protocol} URL`);
  return target;
}
