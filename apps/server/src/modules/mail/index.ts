// The mail module's public file: the outbox other modules enqueue mail on (built once at the app
// root, see app-dependencies.ts), and its transports.
import { mailBudgetCounters } from '../../db/schema';
import { defineModule, type AppModule } from '../module';
import { purgeMailBudgets } from './spend-mail-budget';
export {
  createMailer,
  SEND_IDENTITY_MAIL_JOB,
  SEND_MAIL_JOB,
  type MailLane,
  type Mailer,
  type MailerOptions,
} from './mailer';
export { spendMailBudget, type MailBudget, type MailBudgetVerdict } from './spend-mail-budget';
export { createMailTransport, type MailMessage, type MailTransport } from './mail-transport';
export { accountDeletedMail } from './templates/account-deleted';
export { alreadyRegisteredMail } from './templates/already-registered';
export { billingNoticeMail } from './templates/billing-notice';
export { dataExportReadyMail } from './templates/data-export-ready';
export { invitationMail } from './templates/invitation';
export { notificationMail, type NotificationLine } from './templates/notification';
export { resetPasswordMail } from './templates/reset-password';
export { verifyEmailMail } from './templates/verify-email';
export { webhookDisabledMail } from './templates/webhook-disabled';

/** The daily clean-up of budget counters (pg-boss cron: one run per slot across copies). */
const PURGE_BUDGETS_JOB = { name: 'mail.purge-budgets', cron: '29 0 * * *' } as const;

const registerMail: AppModule = (_app, { db, clock, jobs }) => {
  jobs.define({ ...PURGE_BUDGETS_JOB, handler: () => purgeMailBudgets({ db, clock }) });
  return Promise.resolve();
};

/** The mail module's manifest: other modules call it; it registers its clean-up job. */
export const mailModule = defineModule({
  name: 'mail',
  summary:
    'The mail outbox (`createMailer`, two queues), its transports, templates and the per-organization budget.',
  dependsOn: [],
  ownsTables: [mailBudgetCounters],
  register: registerMail,
});
