import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One outgoing message; both bodies are required so every client shows something sensible. */
export type MailMessage = {
  /** Recipient address. */
  to: string;
  subject: string;
  /** Plain-text body; links written out in full. */
  text: string;
  /** Simple HTML body with the same content. */
  html: string;
  /** Extra headers, e.g. RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post` (issue 27). */
  headers?: Record<string, string>;
};

/**
 * A message as the outbox job delivers it: its Message-ID and Date are fixed when it is enqueued,
 * so every delivery attempt of one message is the same message.
 */
export type QueuedMail = MailMessage & {
  /** RFC 5322 Message-ID, `<unique@host>`. */
  messageId: string;
  /** When the change that caused the mail committed (the Date header). */
  date: Date;
};

/** Delivers mail. Only the outbox job calls it (services enqueue through `Mailer`). */
export type MailTransport = {
  /**
   * Delivers one message (to SMTP, or to the outbox folder); rejects when delivery fails.
   * Delivering the same `messageId` twice writes the same outbox file / sends the same Message-ID.
   */
  send(message: QueuedMail): Promise<void>;
};

/** Where a mailer logs: a pino-compatible subset. */
export type MailLogger = {
  info(details: Record<string, unknown>, message: string): void;
};

/** What {@link createMailTransport} needs from the server configuration. */
export type MailTransportOptions = {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset means write `.eml` files to the outbox. */
  smtpUrl: string | undefined;
  /** The From header, e.g. `Waymark <no-reply@example.com>`. */
  mailFrom: string;
  /** Folder of the file outbox, normally `$DATA_DIR/mail`. */
  outboxDir: string;
  logger: MailLogger;
};

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * Creates the server's mail transport: nodemailer over SMTP when `smtpUrl` is set, otherwise a file
 * outbox where each message becomes an `.eml` file and its links are logged at info, so someone
 * running locally can follow a verification link without a mail server.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.mailFrom, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.mailFrom, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, outboxFileName(message));
      // Written aside, then renamed: a reader of the outbox (or a crash mid-write) never sees
      // half a message, whose links would be cut short.
      await writeFile(`${file}.partial`, info.message as Buffer);
      await rename(`${file}.partial`, file);
      const links = message.text.match(LINK) ?? [];
      options.logger.info(
        { to: message.to, subject: message.subject, file, links },
        'mail written to outbox',
      );
    },
  };
}

// Names sort by time of enqueueing, so "latest" is the last name in order (see outbox.ts), and
// depend only on the message: a retried delivery replaces its own file instead of adding one.
function outboxFileName(message: QueuedMail): string {
  const stamp = message.date.toISOString().replace(/[:.]/g, '-');
  const id = createHash('sha256').update(message.messageId).digest('hex').slice(0, 12);
  return `${stamp}-${id}.eml`;
}
