import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { getQueryClient } from '../../lib/query-client';

/** Props of {@link WithQueryClient}. */
export type WithQueryClientProps = { children: ReactNode };

/**
 * Gives its children the portal's query cache, unless one is already provided (a test's own
 * client, given to AppProvider).
 */
export function WithQueryClient({ children }: WithQueryClientProps) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}

/**
 * The pathless layout of every route that reads the API (the admin area, sign-in, the install
 * page's member view). Loaded with those routes, so the public pages' first JavaScript carries no
 * query cache (issue 34).
 */
export function QueryLayout() {
  return (
    <WithQueryClient>
      <Outlet />
    </WithQueryClient>
  );
}

/** The route module's component (React Router `lazy`). */
export const Component = QueryLayout;
