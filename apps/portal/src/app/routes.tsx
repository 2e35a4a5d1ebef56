import { redirect, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

const redirectTo = (to: string) => () => redirect(to);
const loadQueryLayout = () => import('./layouts/query-layout');

/**
 * The portal's one route table (spec §2). Paths are relative to the router basename `/client`.
 *
 * Every page is a lazily loaded route module exporting `Component`; the admin area (`/app`) is its
 * own set of chunks, so public pages never load admin code. Route ids name the spec's routes.
 * The routes that read the API sit under a pathless query layout that brings TanStack Query.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Nothing to show while the first page's lazy module loads (it is a few kB).
    HydrateFallback: () => null,
    children: [
      { id: 'index', index: true, loader: redirectTo(paths.home.productInfo.getHref()) },
      {
        id: 'public',
        Component: PublicLayout,
        children: [
          {
            id: 'home',
            path: 'home',
            children: [
              {
                id: 'home-index',
                index: true,
                loader: redirectTo(paths.home.productInfo.getHref()),
              },
              {
                id: 'product-info',
                path: 'product-info',
                lazy: () => import('./routes/home/product-info'),
              },
              { id: 'use-cases', path: 'use-cases', lazy: () => import('./routes/home/use-cases') },
              {
                id: 'plans-pricing',
                path: 'plans-pricing',
                lazy: () => import('./routes/home/plans-pricing'),
              },
              { id: 'faq-page', path: 'faq-page', lazy: () => import('./routes/home/faq-page') },
              { id: 'about-us', path: 'about-us', lazy: () => import('./routes/home/about-us') },
              { id: 'terms', path: 'terms', lazy: () => import('./routes/home/terms') },
              // People (and old links) look for the guide under home; it lives at /user-guide.
              {
                id: 'home-user-guide',
                path: 'user-guide',
                loader: redirectTo(paths.userGuide.getHref()),
              },
            ],
          },
          { id: 'user-guide', path: 'user-guide', lazy: () => import('./routes/user-guide') },
          {
            id: 'extension-welcome-page',
            path: 'extension-welcome-page',
            lazy: () => import('./routes/extension-welcome-page'),
          },
          {
            // A signed-in member is shown their organization's next steps (the API's data).
            id: 'install-extension-queries',
            lazy: loadQueryLayout,
            children: [
              {
                id: 'install-extension',
                path: 'install-extension',
                lazy: () => import('./routes/install-extension'),
              },
            ],
          },
          { id: 'not-found', path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
      {
        // Every route that reads the API, with the query cache the public pages do without.
        id: 'queries',
        lazy: loadQueryLayout,
        children: [
          {
            id: 'app',
            path: 'app',
            lazy: () => import('./routes/app/admin-root'),
            children: [
              { id: 'app-index', index: true, loader: redirectTo(paths.app.account.getHref()) },
              { id: 'account', path: 'account', lazy: () => import('./routes/app/account') },
              { id: 'users', path: 'users', lazy: () => import('./routes/app/users') },
              {
                id: 'data-fields',
                path: 'data-fields',
                lazy: () => import('./routes/app/data-fields'),
              },
              // spec §2: the sidebar's Projects entry is /app/url-management, so that child renders
              // the Projects screen and `projects` forwards to it.
              {
                id: 'projects',
                path: 'projects',
                loader: redirectTo(paths.app.urlManagement.getHref()),
              },
              {
                id: 'url-management',
                path: 'url-management',
                lazy: () => import('./routes/app/url-management'),
              },
              {
                id: 'integrations',
                path: 'integrations',
                lazy: () => import('./routes/app/integrations'),
              },
              {
                id: 'api-tokens',
                path: 'api-tokens',
                lazy: () => import('./routes/app/api-tokens'),
              },
              {
                id: 'audit-log',
                path: 'audit-log',
                lazy: () => import('./routes/app/audit-log'),
              },
            ],
          },
          { id: 'non-admin', path: 'non-admin', lazy: () => import('./routes/non-admin') },
          // Every signed-in user's own API tokens; the admin area is for administrators only.
          {
            id: 'my-api-tokens',
            path: 'api-tokens',
            lazy: () => import('./routes/my-api-tokens'),
          },
          {
            // Not in the admin area: anyone exports their own data (issue 33).
            id: 'your-data',
            path: 'your-data',
            lazy: () => import('./routes/your-data'),
          },
          {
            // Not in the admin area: anyone deletes their own account (issue 33).
            id: 'delete-account',
            path: 'delete-account',
            lazy: () => import('./routes/delete-account'),
          },
          {
            // Not in the admin area: every member chooses what they are told about (issue 27).
            id: 'notifications',
            path: 'notifications',
            lazy: () => import('./routes/notifications'),
          },
          {
            id: 'auth-callback',
            path: 'auth/callback',
            lazy: () => import('./routes/auth-callback'),
          },
          {
            id: 'auth-sign-up',
            path: 'auth/sign-up',
            lazy: () => import('./routes/auth-sign-up'),
          },
        ],
      },
    ],
  },
];
