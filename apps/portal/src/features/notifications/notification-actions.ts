import {
  ACCESS_ACCEPT_FAILED_MESSAGE,
  ACCESS_ACCEPTED_MESSAGE,
  NOTIFICATION_TEMPLATES,
  type TNotification,
} from '@waymark/core';

/** What a notification's button does: dismiss it, or accept the organization access it offers. */
export type NotificationAction = 'dismiss' | 'accept';

/** spec §8: toast after accepting organization access. */
export { ACCESS_ACCEPTED_MESSAGE };
/** spec §8: toast when accepting organization access failed. */
export { ACCESS_ACCEPT_FAILED_MESSAGE };

/**
 * spec §4 Notifications: template 4 shows Accept (accept organization access); templates 5, 2 and
 * 6 show Okay and 1 counts as a dismiss type. Any other template is dismissed too, so an unknown
 * one can never trap the user in its static dialog.
 */
export function notificationAction(templateId: number): NotificationAction {
  return templateId === NOTIFICATION_TEMPLATES.orgInvitation ? 'accept' : 'dismiss';
}

/** The label of a notification's one button: Accept or Okay (spec §4). */
export function notificationButtonLabel(templateId: number): 'Accept' | 'Okay' {
  return notificationAction(templateId) === 'accept' ? 'Accept' : 'Okay';
}

/**
 * spec §4: queued notifications are shown one at a time; the next is the first of the queue that
 * has not been answered in this session (the server list may lag behind an answer).
 */
export function nextNotification(
  queue: readonly TNotification[],
  answeredIds: ReadonlySet<number>,
): TNotification | null {
  return queue.find((item) => !answeredIds.has(item.notificationInfoId)) ?? null;
}

/** spec §4: dismissing a notification for an org whose name is empty or null asks for the name. */
export function isOrgNameMissing(orgName: string | null | undefined): boolean {
  return (orgName ?? '').trim() === '';
}

/**
 * True when the queue holds an invitation to an organization (template 4). A user invited before
 * having an organization answers it first, instead of being asked to create one (issue 12).
 */
export function hasInvitation(queue: readonly TNotification[]): boolean {
  return queue.some((item) => notificationAction(item.notificationTemplateId) === 'accept');
}
