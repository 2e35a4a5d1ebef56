// Pages of the URL-rules walk (issue 31): a family of order pages, a search screen whose `tab`
// parameter picks the screen, a product short link declaring its canonical address, and two small single-page apps — one routed by fragment
// (`/hash-app/#/settings`), one by history.pushState (`/push-app/settings`). Served by
// site-server.ts on both origins (the two environments of the site).
import { renderShopPage } from './shop-page';

/** The fragment-routed app's folder; its routes are `#/settings` and `#/users`. */
export const HASH_APP_PATH = '/hash-app/';
/** The pushState-routed app's folder; its routes are `/push-app/settings` and `/push-app/users`. */
export const PUSH_APP_PATH = '/push-app';

function spa(
  title: string,
  routeOf: string,
  go: string,
  hrefOf: (route: string) => string,
): string {
  const links = ['settings', 'users']
    .map(
      (route) =>
        `<a href="${hrefOf(route)}" data-route="${route}">${route[0]!.toUpperCase()}${route.slice(1)}</a>`,
    )
    .join(' ');
  return `<!doctype html><html lang="en"><head><title>${title}</title></head>
<body><nav>${links}</nav><main><h1 id="screen"></h1></main><script>
  const render = () => { document.getElementById('screen').textContent = 'Screen: ' + (${routeOf} || 'home'); };
  document.addEventListener('click', (event) => {
    const link = event.target.closest('a[data-route]');
    if (!link) return;
    ${go}
  });
  addEventListener('popstate', render);
  addEventListener('hashchange', render);
  render();
</script></body></html>`;
}

/** The product page's own address; `/p/<n>` (a short link) declares it as its canonical link. */
export const CANONICAL_PRODUCT_PATH = '/products/shoe';

/** The page at `path` (query ignored) for the URL-rules walk, or null when it is not one of them. */
export function renderUrlRulesPage(path: string): string | null {
  if (path === CANONICAL_PRODUCT_PATH) return renderShopPage('Shoe');
  // A relative canonical link: the browser resolves it on whichever environment serves the page.
  if (/^\/p\/\d+$/.test(path))
    return renderShopPage('Shoe').replace(
      '<head>',
      `<head><link rel="canonical" href="${CANONICAL_PRODUCT_PATH}">`,
    );
  const order = /^\/orders\/(\d+)$/.exec(path);
  if (order) return renderShopPage(`Order ${order[1]}`);
  if (path === '/search') return renderShopPage('Search');
  if (path === HASH_APP_PATH)
    return spa(
      'Hash-routed app',
      "location.hash.replace(/^#\\//, '')",
      // The browser changes the fragment itself (a plain link): no reload, a hashchange.
      'return;',
      (route) => `#/${route}`,
    );
  if (path === PUSH_APP_PATH || path.startsWith(`${PUSH_APP_PATH}/`))
    return spa(
      'pushState app',
      `location.pathname.slice(${PUSH_APP_PATH.length + 1})`,
      "event.preventDefault(); history.pushState(null, '', link.getAttribute('href')); render();",
      (route) => `${PUSH_APP_PATH}/${route}`,
    );
  return null;
}
