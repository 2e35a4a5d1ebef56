import { routes, type TNotification } from '@waymark/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useBanner } from '../../components/banner/use-banner';
import { useToast } from '../../components/toasts/use-toast';
import { apiClient } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import {
  ACCESS_ACCEPT_FAILED_MESSAGE,
  ACCESS_ACCEPTED_MESSAGE,
  isOrgNameMissing,
  nextNotification,
  notificationAction,
} from './notification-actions';

/** What {@link useNotificationQueue} gives the notification dialog. */
export type NotificationQueue = {
  /** The notification to show now, or null. */
  current: TNotification | null;
  /** Answers `current` with its action (Okay dismisses, Accept accepts access). */
  answer: (notification: TNotification) => void;
  /** True while the answer is being sent. */
  isAnswering: boolean;
};

/** spec §7 getSiteNotifications: the caller's queued notifications. */
export function siteNotificationsQuery() {
  return queryOptions({
    queryKey: queryKeys.notifications,
    queryFn: () => apiClient.call(routes.getSiteNotifications),
  });
}

async function dismissAndCheckName(notification: TNotification): Promise<boolean> {
  await apiClient.call(routes.dismissNotification, {
    params: { notificationInfoId: notification.notificationInfoId },
  });
  const status = await apiClient.call(routes.getOrgStatus, {
    query: { orgId: String(notification.notificationOrgId) },
  });
  return isOrgNameMissing(status.orgName);
}

/**
 * The caller's queued notifications (getSiteNotifications), answered one at a time (spec §4).
 * `onOrgNameMissing` runs after a dismissal for an organization that has no name yet.
 */
export function useNotificationQueue(options: {
  onOrgNameMissing: () => void;
  /** Notifications answered (dismissed) without being shown; see NotificationDialog. */
  isSilent?: (notification: TNotification) => boolean;
}): NotificationQueue {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { showBanner } = useBanner();
  const [answeredIds, setAnsweredIds] = useState<ReadonlySet<number>>(new Set());
  const queue = useQuery(siteNotificationsQuery());
  const markAnswered = (id: number) => setAnsweredIds((ids) => new Set(ids).add(id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications });

  const dismiss = useMutation({
    mutationFn: dismissAndCheckName,
    onSuccess: (isNameMissing) => {
      if (isNameMissing) options.onOrgNameMissing();
    },
    onError: (error) => showBanner(error.message, 'error'),
    onSettled: (_result, _error, notification) => {
      markAnswered(notification.notificationInfoId);
      void refresh();
    },
  });
  const accept = useMutation({
    mutationFn: (notification: TNotification) =>
      apiClient.call(routes.acceptOrgAccess, { params: { orgId: notification.notificationOrgId } }),
    onSuccess: () => {
      showToast(ACCESS_ACCEPTED_MESSAGE, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizations });
    },
    onError: () => showToast(ACCESS_ACCEPT_FAILED_MESSAGE, 'error'),
    // spec §8: the dialog closes either way.
    onSettled: (_result, _error, notification) => {
      markAnswered(notification.notificationInfoId);
      void refresh();
    },
  });

  const next = nextNotification(queue.data ?? [], answeredIds);
  const isNextSilent = next !== null && (options.isSilent?.(next) ?? false);
  useEffect(() => {
    if (next && isNextSilent && !dismiss.isPending) dismiss.mutate(next);
  }, [next, isNextSilent, dismiss]);

  return {
    current: isNextSilent ? null : next,
    answer: (notification) =>
      notificationAction(notification.notificationTemplateId) === 'accept'
        ? accept.mutate(notification)
        : dismiss.mutate(notification),
    isAnswering: dismiss.isPending || accept.isPending,
  };
}
