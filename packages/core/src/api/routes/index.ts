import { systemRoutes } from './system';

/**
 * The route table: every `/api` call of the product. The server registers each row; the
 * portal and the extension call them through `createApiClient`. Later features add their
 * rows by spreading their own table in here.
 */
export const routes = {
  ...systemRoutes,
};

/** A key of the route table. */
export type RouteName = keyof typeof routes;
