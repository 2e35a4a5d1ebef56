import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import type { AppModule } from '../module';
import { registerHealthRoutes } from './health-routes';

/** Health checks and the `/api/ping` baseline. */
export const systemModule: AppModule = async (app, deps) => {
  await registerHealthRoutes(app, deps);
  registerRoute(app, routes.ping, {
    access: 'public',
    handler: () => ({ ok: true as const }),
  });
};
