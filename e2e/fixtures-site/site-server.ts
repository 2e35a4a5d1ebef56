// A tiny web shop on two loopback origins: the "environments" of one site (issue 4, item 12).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BASE_VARIANT,
  PAGE_VARIANTS,
  renderVariant,
} from '../../apps/extension/src/anchoring/corpus/page-variants';
import { LONG_PAGE_HEADERS, LONG_PAGE_PATH, renderLongPage } from './capture-pages';
import { CONSOLE_LOG_PAGE_PATH, renderConsoleLogPage } from './console-log-pages';
import { renderLiveVariant, SPA_SETTINGS_PATH } from './pin-live-pages';
import { renderShopPage } from './shop-page';
import { renderUrlRulesPage } from './url-rules-pages';

/** Where the pin corpus is served (issue 15): one path, whose page a test "deploys". */
export const PIN_PAGE_PATH = '/pins/report';

/** The pages the site serves, by path. */
const PAGES: Record<string, string> = {
  '/checkout': 'Checkout',
  '/cart': 'Cart',
  '/pay': 'Pay',
};

/** The running test site. */
export type TestSite = {
  /** Its origins, e.g. `http://127.0.0.1:41001`; each serves the same pages. */
  origins: [string, string];
  /**
   * "Deploys" a variant of the pin corpus at {@link PIN_PAGE_PATH} on both origins: one of the
   * corpus, or one of pin-live-pages.ts (lazy content, a single-page app).
   */
  setPinVariant(name: string): void;
  /** Stops both servers. */
  stop(): Promise<void>;
};

function listen(pinVariant: () => string): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    const path = url.pathname;
    if (path === LONG_PAGE_PATH) {
      const height = Number(url.searchParams.get('height') ?? 6000);
      response.writeHead(200, LONG_PAGE_HEADERS);
      response.end(renderLongPage(Math.min(40_000, Math.max(1000, height || 6000))));
      return;
    }
    if (path === CONSOLE_LOG_PAGE_PATH) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(renderConsoleLogPage());
      return;
    }
    const live = renderLiveVariant(pinVariant());
    if (live && (path === PIN_PAGE_PATH || path === SPA_SETTINGS_PATH)) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(live);
      return;
    }
    if (path === PIN_PAGE_PATH) {
      const variant = PAGE_VARIANTS.find((candidate) => candidate.name === pinVariant());
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(renderVariant(variant ?? BASE_VARIANT));
      return;
    }
    const rulesPage = renderUrlRulesPage(path);
    if (rulesPage) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(rulesPage);
      return;
    }
    const title = PAGES[path];
    response.writeHead(title ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(renderShopPage(title));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** Serves the test site on two free ports of 127.0.0.1. */
export async function startTestSite(): Promise<TestSite> {
  let pinVariant = BASE_VARIANT.name;
  const servers = await Promise.all([listen(() => pinVariant), listen(() => pinVariant)]);
  const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origins: [origin(servers[0]), origin(servers[1])],
    setPinVariant: (name) => {
      pinVariant = name;
    },
    stop: async () => {
      // The browser still has the site's tabs open: close() alone waits for their connections
      // (about 50 s per test), so end them first.
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}
