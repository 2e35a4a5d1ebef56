import { createBrowserRouter, RouterProvider } from 'react-router';
import { config } from '../config';
import { routes } from './routes';

const router = createBrowserRouter(routes, { basename: config.basename });

/** The browser router over the route table, under /client. */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
