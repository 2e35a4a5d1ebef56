import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { requireCaller } from '../access/index';
import { defineModule, type AppModule } from '../module';

/** Calls about the signed-in user: `whoami` (no database work beyond authentication). */
const registerUsers: AppModule = (app) => {
  registerRoute(app, routes.whoami, {
    access: 'authenticated',
    handler: async (request) => {
      const { userId, email } = requireCaller(request);
      return Promise.resolve({ userId, email });
    },
  });
  return Promise.resolve();
};

/** The users module's manifest: what it depends on, the tables it owns, its routes. */
export const usersModule = defineModule({
  name: 'users',
  summary: 'Calls about the signed-in user (`whoami`).',
  dependsOn: ['access'],
  ownsTables: [],
  register: registerUsers,
});
