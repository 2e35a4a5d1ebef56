import { QueryClient } from '@tanstack/react-query';

/** A query client with the portal's defaults: one retry, no refetch when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

let shared: QueryClient | undefined;

/**
 * The portal's one query cache, made on first use. Every screen that reads the API shares it, so
 * what sign-in stores (the user, the organizations) is there for the admin area it goes on to.
 */
export function getQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
