import { routes } from '@waymark/core';
import { notifications } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { requireCaller } from '../access/index';
import { defineModule, type AppModule } from '../module';
import { dismissNotification } from './dismiss-notification';
import { getSiteNotifications } from './get-site-notifications';

export { dismissInvitationNotice } from './dismiss-invitation-notice';
export { deleteUserNotifications } from './delete-user-notifications';
export { notifyOrgAdmins, type OrgAdmin } from './notify-org-admins';
export { queueNotification, type QueueNotificationInput } from './queue-notification';

/** spec §7 notification calls: the caller's queue, and dismissing one. */
const registerNotifications: AppModule = (app, { db, clock }) => {
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

/** The notifications module's manifest: what it depends on, the tables it owns, its routes. */
export const notificationsModule = defineModule({
  name: 'notifications',
  summary: 'The notification queue: queue, list, dismiss.',
  dependsOn: ['access'],
  ownsTables: [notifications],
  register: registerNotifications,
});
