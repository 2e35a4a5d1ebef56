import type { MailMessage } from '../mail-transport';
import { renderMail } from './layout';

/**
 * Offers a prepared data export (issue 33): the link opens the portal, which downloads the
 * archive with the reader's own session — the link alone downloads nothing — until `expiresAt`.
 */
export function dataExportReadyMail(input: {
  to: string;
  firstName: string;
  kind: 'personal' | 'organization';
  orgName?: string;
  url: string;
  expiresAt: Date;
}): MailMessage {
  const what =
    input.kind === 'personal'
      ? 'The copy of your Waymark data you asked for is ready: your profile, memberships, and the items, notes and attachment details you wrote.'
      : `The export of the organization ${input.orgName || 'you administer'} is ready: its projects, domains, pages, items, notes, history, data fields and attachment files, as a ZIP archive.`;
  return renderMail({
    to: input.to,
    subject:
      input.kind === 'personal'
        ? 'Your Waymark data export is ready'
        : 'Your Waymark organization export is ready',
    greeting: `Hi ${input.firstName || 'there'},`,
    paragraphs: [
      what,
      `The link works only when you are signed in to Waymark, and only until ${input.expiresAt.toUTCString()}; then the archive is deleted.`,
    ],
    action: { label: 'Download your export', url: input.url },
    footer:
      "You get this e-mail because an export was requested from your account. If you didn't ask for it, change your password and tell your organization's admin.",
  });
}
