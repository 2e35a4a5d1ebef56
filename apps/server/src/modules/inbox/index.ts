// The inbox module's public file (issue 27): notifications of one user — written by one fan-out
// statement, listed in the side panel, mailed at once (batched) or in the daily digest.
import { inboxTestRoutes, routes } from '@waymark/core';
import { digestRuns, inboxEntries, notificationPrefs, notificationSettings } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { requireCaller } from '../access/index';
import { defineModule, type AppModule } from '../module';
import { getInbox } from './get-inbox';
import { markAllInboxRead, markInboxRead } from './mark-read';
import { getNotificationPreferences, saveNotificationPreferences } from './preferences';
import { DIGEST_JOB, sendDigests } from './send-digests';
import { IMMEDIATE_MAIL_JOB, sendImmediateMail } from './send-immediate-mail';
import type { NotificationMailDeps } from './send-notification-mail';
import { unsubscribe } from './unsubscribe';

export { autoWatch, fanOut, watchAndFanOutCalls, type FanOut } from './fan-out';
export { canUseProjects } from './project-visibility';
export { forgetInboxUser } from './forget-inbox-user';
export { forgetProjectPrefs } from './forget-project-prefs';

/** The inbox calls, the mail jobs, and under the test clock the call that runs them. */
const registerInbox: AppModule = (app, { db, jobs, mailer, clock, config }) => {
  const mail: NotificationMailDeps = {
    db,
    mailer,
    clock,
    publicUrl: config.publicUrl,
    notificationsPerDay: config.mail.notificationsPerDay,
  };
  if (config.billing.testClock)
    // Test only (the e2e server): the test moves time and runs the mail jobs itself.
    registerRoute(app, inboxTestRoutes.runInboxMail, {
      access: 'public',
      handler: async ({ body }) => {
        const at = { now: () => new Date(body.now) };
        const deps = { ...mail, clock: at };
        return { immediateMails: await sendImmediateMail(deps), digests: await sendDigests(deps) };
      },
    });
  else {
    jobs.define({
      ...IMMEDIATE_MAIL_JOB,
      handler: async () => void (await sendImmediateMail(mail)),
    });
    jobs.define({ ...DIGEST_JOB, handler: async () => void (await sendDigests(mail)) });
  }
  registerRoute(app, routes.getInbox, {
    access: 'authenticated',
    handler: async (request) =>
      getInbox({ db }, { ...request.query, userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.markInboxRead, {
    access: 'authenticated',
    handler: async (request) =>
      markInboxRead({ db }, { ...request.body, userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.markAllInboxRead, {
    access: 'authenticated',
    handler: async (request) => markAllInboxRead({ db }, { userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.getNotificationPreferences, {
    access: 'authenticated',
    handler: async (request) =>
      getNotificationPreferences({ db }, { userId: requireCaller(request).userId }),
  });
  registerRoute(app, routes.saveNotificationPreferences, {
    access: 'authenticated',
    handler: async (request) =>
      saveNotificationPreferences(
        { db },
        { ...request.body, userId: requireCaller(request).userId },
      ),
  });
  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; its content is fixed.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_024 },
      (_request, _body, done) => done(null, undefined),
    );
  registerRoute(app, routes.unsubscribe, {
    access: 'public',
    handler: async ({ query }) => unsubscribe({ db }, query),
  });
  registerRoute(app, routes.unsubscribeByLink, {
    access: 'public',
    handler: async ({ query }) => unsubscribe({ db }, query),
  });
  return Promise.resolve();
};

/** The inbox module's manifest: what it depends on, the tables it owns, its routes. */
export const inboxModule = defineModule({
  name: 'inbox',
  summary: "A user's notifications: fan-out, inbox, preferences, batched mail, digest (issue 27).",
  dependsOn: ['access', 'items', 'mail'],
  ownsTables: [inboxEntries, notificationPrefs, notificationSettings, digestRuns],
  register: registerInbox,
});
