import { accountRoutes } from './account';
import { authRoutes } from './auth';
import { systemRoutes } from './system';

export { NOTIFICATION_TEMPLATES, ORG_NAME_MAX_LENGTH, ZOrgName } from './account';
export { ZAuthConfig, type TAuthConfig } from './auth';

/**
 * The route table: every `/api` call of the product. The server registers each row; the
 * portal and the extension call them through `createApiClient`. Later features add their
 * rows by spreading their own table in here.
 */
export const routes = {
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
};

/** A key of the route table. */
export type RouteName = keyof typeof routes;
