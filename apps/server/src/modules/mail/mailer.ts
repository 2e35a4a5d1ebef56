import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import type { MailMessage, MailTransport } from './mail-transport';

/**
 * The job that delivers organization mail (invitations, notifications, billing, exports). It keeps
 * the name the single mail queue had before decision 0137, so messages queued before a deploy
 * (identity mail among them) are still delivered by the same worker after it.
 */
export const SEND_MAIL_JOB = 'mail.send';

/** The job that delivers identity mail, on a queue and worker of its own (decision 0137). */
export const SEND_IDENTITY_MAIL_JOB = 'mail.send-identity';

/**
 * Which queue a message waits in. `identity`: mail a person asked for about their own account
 * (verification, password reset, sign-in link, account deleted), never behind anyone's bulk.
 * `organization`: everything an organization's activity causes.
 */
export type MailLane = 'identity' | 'organization';

/**
 * The transactional mail outbox every service sends through: a message is a job written in the
 * caller's transaction, so it goes out exactly when the change that caused it commits.
 */
export type Mailer = {
  /**
   * Enqueues `message` through `tx` on the queue of `lane`: pass the transaction of the change that
   * causes the mail (or the plain database handle when the mail changes nothing). Delivery happens
   * after commit, in the background, with retries.
   */
  enqueue(tx: DbOrTx, message: MailMessage, lane: MailLane): Promise<void>;
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
 * Creates the mailer and defines its two delivery jobs, one per {@link MailLane}: each queue has
 * its own worker, so identity mail is sent while thousands of invitations wait. Delivery is at
 * least once: the Message-ID and Date are fixed at enqueue time, so a retry after a crash between
 * the SMTP server's "accepted" and the job's completion repeats the very same message (same
 * outbox file; same Message-ID, which mail clients show once). See docs/architecture.md, "Mail
 * outbox".
 */
export function createMailer(options: MailerOptions): Mailer {
  const host = new URL(options.publicUrl).hostname;
  const define = (name: string) =>
    options.jobs.define<SendMailJob>({
      name,
      timeoutSeconds: 120,
      handler: async ({ date, ...message }) => {
        await options.transport.send({ ...message, date: new Date(date) });
      },
    });
  const enqueueSend: Record<MailLane, ReturnType<typeof define>> = {
    organization: define(SEND_MAIL_JOB),
    identity: define(SEND_IDENTITY_MAIL_JOB),
  };
  return {
    async enqueue(tx, message, lane) {
      const messageId = `<${randomUUID()}@${host}>`;
      await enqueueSend[lane](tx, {
        ...message,
        messageId,
        date: options.clock.now().toISOString(),
      });
    },
  };
}
