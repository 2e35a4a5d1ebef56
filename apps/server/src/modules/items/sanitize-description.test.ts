import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-description';

describe('sanitizeDescription', () => {
  it('keeps the allowed formatting', () => {
    const html =
      '<h2>Checkout</h2><p><strong>Pay</strong> <em>now</em> <u>u</u> <s>s</s></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>x</code></pre>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it("keeps a Bug environment's time with its machine-readable instant", () => {
    const html =
      '<ul><li>Time: <time datetime="2026-11-23T10:41:00.000Z">Nov 23, 2026</time></li></ul>';
    expect(sanitizeDescription(html)).toBe(html);
    expect(sanitizeDescription('<time datetime="x" onclick="a()">t</time>')).toBe(
      '<time datetime="x">t</time>',
    );
  });

  it('drops scripts with their content and event handlers', () => {
    const clean = sanitizeDescription(
      '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror="alert(2)"></p><style>p{}</style>',
    );
    expect(clean).toBe('<p>Hi</p>');
  });

  it('keeps http(s) and mailto links with rel=noopener and removes javascript: links', () => {
    expect(sanitizeDescription('<a href="https://example.com" target="_top">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener">x</a>',
    );
    expect(sanitizeDescription('<a href="mailto:a@b.c">m</a>')).toContain('href="mailto:a@b.c"');
    const js = sanitizeDescription(
      '<a href="javascript:alert(1)">x</a><a href="//evil.test">y</a>',
    );
    expect(js).not.toMatch(/javascript|evil/);
    expect(js).toContain('x');
  });

  it('drops tags outside the allow-list but keeps their text', () => {
    expect(sanitizeDescription('<div><h5>t</h5><span style="color:red">a</span></div>')).toBe('ta');
  });
});
