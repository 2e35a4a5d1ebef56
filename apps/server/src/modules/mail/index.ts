// The mail module's public file: the outbox other modules enqueue mail on (built once at the app
// root, see app-dependencies.ts), and its transports.
import { defineModule } from '../module';
export { createMailer, SEND_MAIL_JOB, type Mailer, type MailerOptions } from './mailer';
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

/** The mail module's manifest: other modules call it; it registers nothing. */
export const mailModule = defineModule({
  name: 'mail',
  summary: 'The mail outbox (`createMailer`), its transports and templates.',
  dependsOn: [],
  ownsTables: [],
});
