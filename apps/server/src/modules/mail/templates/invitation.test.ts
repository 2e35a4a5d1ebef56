import { describe, expect, it } from 'vitest';
import { invitationMail } from './invitation';

const mail = invitationMail({
  to: 'tess@example.test',
  firstName: 'Tess',
  orgName: 'Acme',
  inviterName: 'Ada Admin',
  url: 'https://waymark.example.org/client/auth/sign-up?email=tess%40example.test',
  publicUrl: 'https://waymark.example.org',
});

describe('invitationMail (issue 25)', () => {
  it('says what comes after accepting: install the extension from this server, open the site, find the items', () => {
    const afterButton = mail.text.slice(mail.text.indexOf('Accept the invitation:'));
    expect(afterButton).toContain(
      '1. Install the Waymark extension in Chrome or Edge. Here is how: https://waymark.example.org/client/install-extension',
    );
    expect(afterButton).toMatch(/2\. Open your project's site .* click the Waymark icon/);
    expect(afterButton).toMatch(/3\. The side panel lists your team's items/);
    expect(mail.html).toContain('https://waymark.example.org/client/install-extension');
  });

  it('keeps the sign-up link the first link of the mail', () => {
    expect(mail.text.match(/https?:\/\/\S+/)?.[0]).toContain('/client/auth/sign-up');
  });
});
