import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { requireCaller } from '../access/index';
import type { AppModule } from '../module';

/** Calls about the signed-in user: `whoami` (no database work beyond authentication). */
export const usersModule: AppModule = (app) => {
  registerRoute(app, routes.whoami, {
    access: 'authenticated',
    handler: async (request) => {
      const { userId, email } = requireCaller(request);
      return Promise.resolve({ userId, email });
    },
  });
  return Promise.resolve();
};
