import type { IncomingHttpHeaders } from 'node:http';

/**
 * Makes every request to the provider name `PUBLIC_URL`'s host and protocol, whatever the client
 * sent. oidc-provider is a Koa app and builds its URLs (discovery, redirects, the interaction's
 * return address) and the cookies' `Secure` flag from Koa's `host` and `protocol`, which read
 * `Host` or, with `provider.proxy`, `X-Forwarded-Host`/`-Proto`: so the provider runs with `proxy`
 * on and this acts as the proxy, writing those headers from config (issue 24: a forged `Host`
 * moved the token endpoint). `X-Forwarded-For` is kept only when `TRUST_PROXY` says a real
 * proxy set it, so the client address cannot be chosen by the client.
 */
export function pinPublicOrigin(
  headers: IncomingHttpHeaders,
  publicUrl: URL,
  isTrustingProxy: boolean,
): void {
  headers.host = publicUrl.host;
  headers['x-forwarded-host'] = publicUrl.host;
  headers['x-forwarded-proto'] = publicUrl.protocol.replace(/:$/, '');
  if (!isTrustingProxy) delete headers['x-forwarded-for'];
}
