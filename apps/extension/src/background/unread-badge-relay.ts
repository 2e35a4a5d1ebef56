import type { RouteName, TInbox } from '@waymark/core';
import type { MessageHandler } from '../messaging/index';
import type { Badge } from './badge';

/** Calls after which the unread count or the user's badge choice may have changed. */
const INBOX_WRITES: ReadonlySet<RouteName> = new Set<RouteName>([
  'markInboxRead',
  'markAllInboxRead',
  'saveNotificationPreferences',
]);

/**
 * Wraps the `callApi` handler so the toolbar badge follows the inbox (issue 27): a panel's
 * `getInbox` answer is shown as it passes (no second call), and after marking read or saving
 * preferences the badge re-reads the count. Answers pass through unchanged.
 */
export function withUnreadBadge(
  callApi: MessageHandler<'callApi'>,
  badge: Pick<Badge, 'showUnread' | 'refreshUnread'>,
): MessageHandler<'callApi'> {
  return async (payload, sender) => {
    const answer = await callApi(payload, sender);
    if (payload.route === 'getInbox') void badge.showUnread(answer as TInbox);
    else if (INBOX_WRITES.has(payload.route)) void badge.refreshUnread();
    return answer;
  };
}
