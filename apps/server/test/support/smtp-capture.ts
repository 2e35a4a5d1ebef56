import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server for tests, and how to stop it. */
export type SmtpCapture = {
  /** Its port on 127.0.0.1: `SMTP_URL=smtp://127.0.0.1:<port>`. */
  port: number;
  close(): Promise<void>;
};

/**
 * Starts an SMTP server (smtp-server, no TLS, no auth) on a free loopback port that hands each
 * message to `onMessage` — its raw RFC 5322 text and envelope recipients — and accepts it
 * ("250 OK") after the milliseconds `onMessage` answers (none: at once), as a slow relay would.
 */
export async function startSmtpCapture(
  onMessage: (message: { raw: string; to: string[] }) => number | void,
): Promise<SmtpCapture> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const delayMs = onMessage({ raw, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
        setTimeout(callback, delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
