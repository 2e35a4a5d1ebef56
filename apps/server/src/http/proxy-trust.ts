/** Fastify's `trustProxy` for a chain of proxies: which hops of `X-Forwarded-For` to believe. */
export type ProxyTrust = false | ((address: string, hop: number) => boolean);

/**
 * The `trustProxy` Fastify gets for `TRUST_PROXY` (decision 0141): the connection's peer and the
 * proxies behind it, `proxies` in all, and no one before them. A proxy appends the address it saw
 * to whatever `X-Forwarded-For` the client sent, so `request.ip` is the entry the outermost trusted
 * proxy wrote. Fastify's `true` believes every entry and answers the first — the client's own
 * choice; its number form trusts nobody (Fastify 5).
 */
export function proxyTrust(proxies: number): ProxyTrust {
  return proxies === 0 ? false : (_address, hop) => hop < proxies;
}
