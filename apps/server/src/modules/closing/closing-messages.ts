// What closing and reopening an organization answer (issue 33); the portal shows each text as is.
import { formatDay } from '../billing/index';

/** Only the owner may close or reopen (admins are refused with this). */
export const OWNER_ONLY = 'Only the owner of this organization can close or reopen it.';

/** Reopening after the grace period, once deletion may have begun. */
export const GRACE_OVER =
  'The grace period of this organization is over: it is being deleted and cannot be reopened.';

/** Reopening an organization that is open. */
export const NOT_CLOSED = 'This organization is not closed.';

/** The answer of a closing (and of a repeated one). */
export function orgClosedMessage(orgName: string, deletesAt: Date): string {
  return `${orgName} is closed. Its data will be deleted on ${formatDay(deletesAt)}; until then you can reopen it.`;
}

/** The answer of a reopening. */
export const ORG_REOPENED =
  'Your organization is open again, on the Free plan. Choose a plan on this page to invite your team again.';

/** An organization that is gone (deleted after its grace period). */
export const ORG_NOT_FOUND_MESSAGE = 'Organization not found.';
