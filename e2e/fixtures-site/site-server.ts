// A tiny web shop on two loopback origins: the "environments" of one site (issue 4, item 12).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderShopPage } from './shop-page';

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
  /** Stops both servers. */
  stop(): Promise<void>;
};

function listen(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
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
  const servers = await Promise.all([listen(), listen()]);
  const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origins: [origin(servers[0]), origin(servers[1])],
    stop: async () => {
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    },
  };
}
