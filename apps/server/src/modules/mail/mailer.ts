import { randomBytes } from 'node:crypto';
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
};

/** Sends mail. Services take it as a dependency so tests can pass a fake. */
export type Mailer = {
  /** Delivers one message (to SMTP, or to the outbox folder); rejects when delivery fails. */
  send(message: MailMessage): Promise<void>;
};

/** Where a mailer logs: a pino-compatible subset. */
export type MailLogger = {
  info(details: Record<string, unknown>, message: string): void;
};

/** What {@link createMailer} needs from the server configuration. */
export type MailerOptions = {
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
 * Creates the server's mailer: nodemailer over SMTP when `smtpUrl` is set, otherwise a file
 * outbox where each message becomes an `.eml` file and its links are logged at info, so someone
 * running locally can follow a verification link without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
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
      const file = path.join(options.outboxDir, outboxFileName());
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

let sequence = 0;

// Names sort by time of writing, so "latest" is the last name in order (see outbox.ts).
function outboxFileName(): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}
