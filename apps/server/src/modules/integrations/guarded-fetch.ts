import type { LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { checkedAddress, nextHop, type OutboundGuard } from './outbound-guard';

/** Options of {@link guardedFetch}. */
export type GuardedFetchOptions = OutboundGuard & {
  /**
   * Origins the operator configured (`GITHUB_API_URL`, `LINEAR_API_URL`): called without the
   * address check, since the operator chose them (a GitHub Enterprise inside their network).
   * A redirect from them to any other origin is checked like everything else.
   */
  trustedOrigins?: string[];
};

/**
 * A `fetch` for the vendor SDKs (Octokit, the Linear SDK, jira.js) that cannot reach the
 * operator's network: every hop's host goes through the SSRF guard ({@link checkedAddress}), the
 * connection is made to the address the guard checked (its `lookup`, so DNS rebinding between the
 * check and the connect cannot swap it), and redirects are not followed by fetch but by the one
 * rule of outgoing calls ({@link nextHop}), each target checked again. Credentials
 * (`authorization`, `cookie`) are dropped when a redirect leaves the origin.
 *
 * @throws {DeliveryRefusedError} for a refused address or redirect (the SDK reports it as a
 *   network failure).
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  const trusted = new Set(options.trustedOrigins ?? []);
  // Every connection of this fetch resolves through the guard, so the address connected to is
  // exactly the one checked.
  const lookup: LookupFunction = (host, lookupOptions, callback) => {
    checkedAddress(new URL(`http://${host.includes(':') ? `[${host}]` : host}`), options).then(
      (address) => {
        const family = address.includes(':') ? 6 : 4;
        if (lookupOptions.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };
  const guarded = new Agent({ connect: { lookup } });
  const open = new Agent();
  return async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const method = request.method;
    const headers = new Headers(request.headers);
    const body =
      method === 'GET' || method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
    let target = new URL(request.url);
    for (let hop = 0; ; hop += 1) {
      const isTrusted = trusted.has(target.origin);
      if (!isTrusted) await checkedAddress(target, options);
      const response = await undiciFetch(target, {
        method,
        headers: Object.fromEntries(headers),
        body,
        redirect: 'manual',
        signal: request.signal,
        dispatcher: isTrusted ? open : guarded,
      });
      const next = nextHop({
        method,
        status: response.status,
        location: response.headers.get('location'),
        current: target,
        hop,
      });
      if (!next) return response as unknown as Response;
      await response.body?.cancel();
      if (next.origin !== target.origin) {
        headers.delete('authorization');
        headers.delete('cookie');
      }
      target = next;
    }
  };
}
