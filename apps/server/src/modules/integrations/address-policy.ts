import ipaddr from 'ipaddr.js';

/**
 * Whether a webhook may be delivered to `address` (an IP literal): only public unicast
 * addresses. Loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 —
 * cloud metadata — and fe80::/10), carrier-grade NAT, unspecified, multicast, reserved and the
 * IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo) are refused: a webhook URL
 * must not reach into the operator's network (docs/integrations.md "Where deliveries may go").
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns ::ffff:127.0.0.1 into 127.0.0.1, so a mapped address gets its IPv4 range.
  return ipaddr.process(address).range() === 'unicast';
}

/** Whether `host` (a URL's hostname, IPv6 in brackets or not) is an IP literal. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
