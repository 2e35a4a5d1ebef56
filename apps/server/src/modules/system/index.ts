import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { defineModule, type AppModule } from '../module';
import { registerHealthRoutes } from './health-routes';

/** Health checks and the `/api/ping` baseline. */
const registerSystem: AppModule = async (app, deps) => {
  await registerHealthRoutes(app, deps);
  registerRoute(app, routes.ping, {
    access: 'public',
    handler: () => ({ ok: true as const }),
  });
};

/** The system module's manifest: what it depends on, the tables it owns, its routes. */
export const systemModule = defineModule({
  name: 'system',
  summary: 'Health checks and `/api/ping`.',
  dependsOn: [],
  ownsTables: [],
  register: registerSystem,
});
