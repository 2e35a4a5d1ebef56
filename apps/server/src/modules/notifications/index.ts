import { routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { requireCaller } from '../access/index';
import type { AppModule } from '../module';
import { dismissNotification } from './dismiss-notification';
import { getSiteNotifications } from './get-site-notifications';

export { queueNotification, type QueueNotificationInput } from './queue-notification';

/** spec §7 notification calls: the caller's queue, and dismissing one. */
export const notificationsModule: AppModule = (app, { db, clock }) => {
  registerRoute(app, routes.getSiteNotifications, {
    access: 'authenticated',
    handler: async (request) =>
      getSiteNotifications({ db }, { userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.dismissNotification, {
    access: 'authenticated',
    errors: ['NOT_FOUND'],
    handler: async (request) =>
      dismissNotification(
        { db, clock },
        {
          userId: requireCaller(request).userId,
          notificationInfoId: request.params.notificationInfoId,
        },
      ),
  });
  return Promise.resolve();
};
