import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseMail } from '../../src/modules/mail/outbox';
import { buildTestApp, type TestApp } from '../support/helper';
import { codeFrom, submitSignUp, TestBrowser } from '../support/identity-browser';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';

// Real SMTP: SMTP_URL points the server's mailer at a local smtp-server that keeps what it gets.
let testApp: TestApp;
let smtp: SmtpCapture;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture((message) => void received.push(message));
  testApp = await buildTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Waymark <no-reply@waymark.test>',
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

describe('verification mail over SMTP', () => {
  it('delivers the verification link by SMTP, and the link signs the new user in', async () => {
    const { publicUrl } = testApp.config;
    const email = 'smtp.user@example.com';
    const browser = new TestBrowser(testApp.app, publicUrl, '10.3.0.1');
    await submitSignUp(browser, { publicUrl, email, password: 'smtp test password' });

    // Delivery is a job that runs after the answer, so the message may still be on its way.
    const delivered = await vi.waitFor(() => {
      const message = received.find((item) => item.to.includes(email));
      if (!message) throw new Error(`No message to ${email} yet`);
      return message;
    });
    const mail = parseMail(delivered.raw);
    expect(mail.subject).toBe('Verify your e-mail address for Waymark');
    expect(delivered.raw).toContain('From: Waymark <no-reply@waymark.test>');
    expect(delivered.raw).toContain('text/html');
    const link = mail.links.find((url) => url.includes('/verify?token=')) ?? '';
    expect(link.startsWith(`${publicUrl}/idp/interaction/`)).toBe(true);

    const callback = await browser.follow(link);
    expect(codeFrom(callback)).toMatch(/^\S{20,}$/);
  });
});
