import { describe, expect, it } from 'vitest';
import { sanitizeNotificationHtml } from './sanitize-notification-html';

describe('sanitizeNotificationHtml', () => {
  it('keeps formatting and safe links', () => {
    expect(
      sanitizeNotificationHtml('<p>Hi <strong>Ann</strong> <a href="https://x.test">go</a></p>'),
    ).toBe(
      '<p>Hi <strong>Ann</strong> <a href="https://x.test" target="_blank" rel="noopener noreferrer">go</a></p>',
    );
  });

  it('drops scripts, event handlers and javascript: links', () => {
    const html = sanitizeNotificationHtml(
      '<p onclick="x()">a<script>alert(1)</script><a href="javascript:alert(1)">b</a><img src=x onerror=y></p>',
    );
    expect(html).not.toMatch(/script|onclick|javascript|onerror|<img/);
    expect(html).toContain('a');
  });
});
