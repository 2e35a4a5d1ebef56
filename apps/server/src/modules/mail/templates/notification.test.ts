import { describe, expect, it } from 'vitest';
import { notificationMail } from './notification';

const mail = notificationMail({
  to: 'bea@example.com',
  firstName: 'Bea',
  subject: 'Ada Admin mentioned you',
  lines: [
    {
      text: 'Ada Admin mentioned you on “Pay” (Shop)',
      url: 'https://shop.test/pay#waymark-item=7',
    },
  ],
  unsubscribeUrl: 'https://waymark.test/api/inbox/unsubscribe?token=abc',
  preferencesUrl: 'https://waymark.test/client/notifications',
});

describe('notificationMail', () => {
  it('links the preferences page and the unsubscribe as real links in HTML', () => {
    expect(mail.html).toContain(
      '<a href="https://waymark.test/client/notifications" style="color:#1f5aa0">Notification preferences</a>',
    );
    expect(mail.html).toContain(
      '<a href="https://waymark.test/api/inbox/unsubscribe?token=abc" style="color:#1f5aa0">Unsubscribe</a>',
    );
  });

  it('gives the same links in the plain text', () => {
    expect(mail.text).toContain(
      'Choose what you are told about, for every project or one: Notification preferences: https://waymark.test/client/notifications',
    );
    expect(mail.text).toContain(
      'Or stop these e-mails: Unsubscribe: https://waymark.test/api/inbox/unsubscribe?token=abc',
    );
  });

  it('opens the item from the button and carries the RFC 8058 headers', () => {
    expect(mail.html).toContain('href="https://shop.test/pay#waymark-item=7"');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://waymark.test/api/inbox/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
