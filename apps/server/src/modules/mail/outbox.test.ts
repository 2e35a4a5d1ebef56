import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { parseMail } from './outbox';
import { verifyEmailMail } from './templates/verify-email';

async function raw(message: {
  to: string;
  subject: string;
  text: string;
  html: string;
}): Promise<string> {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const info = await transport.sendMail({ from: 'Waymark <no-reply@localhost>', ...message });
  return (info.message as Buffer).toString('utf8');
}

describe('reading mail back', () => {
  it('recovers a long link intact from the encoded plain-text part', async () => {
    const url = `http://localhost:8080/idp/interaction/${'u'.repeat(43)}/verify?token=${'t'.repeat(43)}&x=1`;
    const mail = parseMail(
      await raw(verifyEmailMail({ to: 'ann@example.com', firstName: 'Ann', url, validHours: 24 })),
    );
    expect(mail.to).toContain('ann@example.com');
    expect(mail.subject).toBe('Verify your e-mail address for Waymark');
    expect(mail.links).toContain(url);
  });

  it('keeps a link whose encoded line breaks before "--" (not a part boundary)', async () => {
    // Tokens are base64url: a soft line break of quoted-printable can fall right before a "--"
    // of the token, which a line-start "--" split took for the next part (an e2e sign-up once
    // followed a truncated link). Every break position over the token is tried.
    for (let pad = 1; pad <= 80; pad += 1) {
      const url = `http://localhost:8080/idp/interaction/${'u'.repeat(pad)}/verify?token=${'-'.repeat(43)}`;
      const mail = parseMail(
        await raw(
          verifyEmailMail({ to: 'ann@example.com', firstName: 'Ann', url, validHours: 24 }),
        ),
      );
      expect(mail.links, `padding ${pad}`).toContain(url);
    }
  });

  it('keeps non-ASCII text readable', async () => {
    const mail = parseMail(
      await raw(
        verifyEmailMail({
          to: 'zoe@example.com',
          firstName: 'Zoë',
          url: 'http://x.test/v',
          validHours: 24,
        }),
      ),
    );
    expect(mail.text).toContain('Hi Zoë,');
  });

  it('escapes names in the HTML part', () => {
    const message = verifyEmailMail({
      to: 'a@example.com',
      firstName: '<script>x</script>',
      url: 'http://x.test/v',
      validHours: 24,
    });
    expect(message.html).not.toContain('<script>');
    expect(message.text).toContain('<script>x</script>');
  });
});
