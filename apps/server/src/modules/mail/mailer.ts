import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { MailMessage, MailTransport } from './mail-transport';

/** The job that delivers one enqueued message. */
export const SEND_MAIL_JOB = 'mail.send';

/**
 * The transactional mail outbox every service sends through: a message is a job written in the
 * caller's transaction, so it goes out exactly when the change that caused it commits.
 */
export type Mailer = {
  /**
   * Enqueues `message` through `tx`: pass the transaction of the change that causes the mail
   * (or the plain database handle when the mail changes nothing). Delivery happens after commit,
   * in the background, with retries.
   */
  enqueue(tx: DbOrTx, message: MailMessage): Promise<void>;
};

/** What {@link createMailer} needs. */
export type MailerOptions = {
  jobs: JobQueue;
  transport: MailTransport;
  clock: Clock;
  /** The server's public URL: its host names the Message-IDs. */
  publicUrl: string;
};

type SendMailJob = MailMessage & { messageId: string; date: string };

/**
 * Creates the mailer and defines its delivery job. Delivery is at least once: the Message-ID and
 * Date are fixed at enqueue time, so a retry after a crash between the SMTP server's "accepted"
 * and the job's completion repeats the very same message (same outbox file; same Message-ID,
 * which mail clients show once). See docs/architecture.md, "Mail outbox".
 */
export function createMailer(options: MailerOptions): Mailer {
  const host = new URL(options.publicUrl).hostname;
  const enqueueSend = options.jobs.define<SendMailJob>({
    name: SEND_MAIL_JOB,
    timeoutSeconds: 120,
    handler: async ({ date, ...message }) => {
      await options.transport.send({ ...message, date: new Date(date) });
    },
  });
  return {
    async enqueue(tx, message) {
      const messageId = `<${randomUUID()}@${host}>`;
      await enqueueSend(tx, { ...message, messageId, date: options.clock.now().toISOString() });
    },
  };
}
