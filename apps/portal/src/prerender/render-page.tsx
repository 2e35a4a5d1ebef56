import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { config } from '../config';
import { PrerenderContext, type PageMeta } from './prerender-context';

/** A public page rendered at build time: its markup (the inside of `#root`) and its meta. */
export type RenderedPage = { html: string; meta: PageMeta };

/**
 * Renders one public page (a router path, `/home/faq-page`) to HTML, through the portal's own
 * route table, layouts and Mantine theme, as the browser would paint it (issue 34). Run by
 * scripts/prerender.mjs from a Vite SSR build of this file; never shipped to the browser.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes, { basename: config.basename });
  const context = await handler.query(new Request(`http://localhost${config.basename}${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects: nothing to pre-render`);
  // The catch-all route answers any address with "Page not found": not a page to pre-render.
  const isNotFound = context.matches.at(-1)?.route.id === 'not-found';
  if (context.statusCode !== 200 || isNotFound) throw new Error(`${path} has no page (404)`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let meta: PageMeta | undefined;
  const prerender = { setMeta: (pageMeta: PageMeta) => (meta = pageMeta) };
  const html = renderToString(
    <PrerenderContext.Provider value={prerender}>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </PrerenderContext.Provider>,
  );
  if (!meta) throw new Error(`${path} sets no title (usePageMeta)`);
  return { html, meta };
}
