/** A project name for a site, from its host: `www.shop.example.com` → `shop.example.com`. */
export function suggestProjectName(pageUrl: string): string {
  const { hostname, port } = new URL(pageUrl);
  const host = hostname.replace(/^www\./i, '');
  return port ? `${host}:${port}` : host;
}
