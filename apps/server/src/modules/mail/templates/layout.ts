import { escapeHtml } from '@waymark/core';
import type { MailMessage } from '../mail-transport';

/** The parts every Waymark e-mail has: a greeting, some paragraphs and at most one button. */
export type MailContent = {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The one thing the reader should do; `url` must be absolute. */
  action?: { label: string; url: string };
  /** Paragraphs after the button: what comes once the action is done. */
  afterAction?: string[];
  /** Paragraphs after those, each ending in a link (a real link in HTML, `label: url` in text). */
  links?: { text: string; label: string; url: string }[];
  /** Small print under the button, e.g. why they got this mail. */
  footer: string;
};

/** Renders a message as plain text and as simple, inline-styled HTML with the same words. */
export function renderMail(content: MailContent): MailMessage {
  const { action } = content;
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(content.afterAction ?? []),
    ...(content.links ?? []).map((link) => `${link.text} ${link.label}: ${link.url}`),
    content.footer,
    '— Waymark',
  ].join('\n\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const linkParagraph = (link: { text: string; label: string; url: string }) =>
    `<p style="margin:0 0 16px">${escapeHtml(link.text)} <a href="${escapeHtml(link.url)}" style="color:#1f5aa0">${escapeHtml(link.label)}</a></p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1f5aa0;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or paste this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1f5aa0">Waymark</p>
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${button}
${(content.afterAction ?? []).map(paragraph).join('\n')}
${(content.links ?? []).map(linkParagraph).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(content.footer)}</p>
</div></body></html>`;
  return { to: content.to, subject: content.subject, text, html };
}
