import { Outlet, ScrollRestoration } from 'react-router';

/** The root of every route: restores scroll per history entry and starts new pages at the top. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
