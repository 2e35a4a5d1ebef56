// The mail module's public file: the outbox other modules enqueue mail on (built once at the app
// root, see app-dependencies.ts), and its transports.
export { createMailer, SEND_MAIL_JOB, type Mailer, type MailerOptions } from './mailer';
export { createMailTransport, type MailMessage, type MailTransport } from './mail-transport';
export { alreadyRegisteredMail } from './templates/already-registered';
export { billingNoticeMail } from './templates/billing-notice';
export { invitationMail } from './templates/invitation';
export { resetPasswordMail } from './templates/reset-password';
export { verifyEmailMail } from './templates/verify-email';
