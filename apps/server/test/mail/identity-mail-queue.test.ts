import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_SCHEMA } from '../../src/jobs/job-queue';
import { invitationMail, type Mailer } from '../../src/modules/mail/index';
import { parseMail } from '../../src/modules/mail/outbox';
import type { AppModule } from '../../src/modules/module';
import { buildTestApp, type TestApp } from '../support/helper';
import { submitSignUp, TestBrowser } from '../support/identity-browser';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';

// Decision 0137: identity mail has a queue (and worker) of its own. A real SMTP server records
// the order messages reach it; each invitation takes it a few milliseconds, as a real relay does.
const BULK = 1000;
let testApp: TestApp;
let smtp: SmtpCapture;
let mailer: Mailer | undefined;
const received: { to: string; subject: string }[] = [];

const captureMailer: AppModule = (_app, deps) => {
  mailer = deps.mailer;
  return Promise.resolve();
};

beforeAll(async () => {
  smtp = await startSmtpCapture(({ raw }) => {
    const { to, subject } = parseMail(raw);
    received.push({ to, subject });
    return subject.includes('invited you') ? 5 : 0;
  });
  testApp = await buildTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    plugins: [captureMailer],
  });
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await smtp.close();
}, 60_000);

describe('identity mail and organization mail (decision 0137)', () => {
  it('still delivers mail an older server copy queued under the old single queue', async () => {
    // What a copy of the previous release does on the shared database during a rolling deploy
    // (or did before it): identity mail on `mail.send`, in the payload shape of then.
    const boss = new PgBoss({
      connectionString: testApp.databaseUrl,
      schema: JOB_SCHEMA,
      supervise: false,
      schedule: false,
    });
    await boss.start();
    const email = 'queued.before@example.com';
    await boss.send('mail.send', {
      to: email,
      subject: 'Reset your Waymark password',
      text: 'Reset it: http://localhost:8080/idp/reset',
      html: '<p>Reset it</p>',
      messageId: '<queued-before-the-deploy@localhost>',
      date: new Date().toISOString(),
    });
    await boss.stop({ graceful: false });

    await vi.waitFor(
      () => {
        if (!received.some((mail) => mail.to.includes(email))) throw new Error('not yet');
      },
      { timeout: 45_000, interval: 100 },
    );
  }, 60_000);

  it(
    'a verification mail overtakes 1,000 queued invitation mails',
    { timeout: 60_000 },
    async () => {
      const invitation = (i: number) =>
        invitationMail({
          to: `bulk-${i}@example.test`,
          firstName: 'Bulk',
          orgName: 'Spam Org',
          inviterName: 'Sam Spammer',
          publicUrl: testApp.config.publicUrl,
          url: `${testApp.config.publicUrl}/client/auth/sign-up`,
        });
      await testApp.db.transaction(async (tx) => {
        for (let i = 0; i < BULK; i += 1) await mailer?.enqueue(tx, invitation(i), 'organization');
      });

      const email = 'first.user@example.com';
      const browser = new TestBrowser(testApp.app, testApp.config.publicUrl, '10.4.0.1');
      await submitSignUp(browser, {
        publicUrl: testApp.config.publicUrl,
        email,
        password: 'queue test password',
      });

      const position = await vi.waitFor(
        () => {
          const index = received.findIndex((mail) => mail.to.includes(email));
          if (index < 0) throw new Error(`No mail to ${email} yet`);
          return index;
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(received[position]?.subject).toBe('Verify your e-mail address for Waymark');
      // Behind one queue it would come after all 1,000; on its own it waits for none of them
      // (the few before it were sent while the sign-up was being answered).
      expect(position).toBeLessThan(BULK / 10);
    },
  );
});
