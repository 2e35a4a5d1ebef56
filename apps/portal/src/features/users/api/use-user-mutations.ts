import { INVITE_PROJECT_ACCESS_ID, MEMBER_ACCESS_LEVEL_ID, routes } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBanner } from '../../../components/banner/use-banner';
import {
  failureText,
  PROJECTS_ADD_FAILED_MESSAGE,
  PROJECTS_ADDED_MESSAGE,
  PROJECTS_REMOVE_FAILED_MESSAGE,
  PROJECTS_REMOVED_MESSAGE,
  RESEND_FAILED_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
  USER_DELETE_FAILED_MESSAGE,
  USER_DELETED_MESSAGE,
} from '../user-messages';
import { projectAccessChange } from '../user-table';
import { apiClient } from '../../../lib/api-client';
import { usersKeys } from './users-queries';

/** The User Info tab's fields. */
export type UserInfo = { firstName: string; lastName: string; email: string };

/** Refreshes the Users screen after a change (users, licence counts). */
function useRefresh(orgId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.all(orgId) });
}

/**
 * spec §7 inviteUser with the fixed values of spec §9; the banner shows the server's text, and on
 * failure the server's error text, else the message, else 'An unknown error occurred' (spec §8).
 */
export function useInviteUser(orgId: number, options: { onDone: () => void }) {
  const refresh = useRefresh(orgId);
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: (input: UserInfo & { projectIds: number[] }) =>
      apiClient.call(routes.inviteUser, {
        body: {
          email: input.email.trim(),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          projectAccessId: INVITE_PROJECT_ACCESS_ID,
          orgId,
          orgAccessLevelId: MEMBER_ACCESS_LEVEL_ID,
          projectId: input.projectIds,
        },
      }),
    onSuccess: async (text) => {
      showBanner(text);
      options.onDone();
      await refresh();
    },
    onError: (error) => showBanner(failureText(error, UNKNOWN_ERROR_MESSAGE), 'error'),
  });
}

/**
 * Edit mode's Save (issue 12): sends only the difference, through addProjectAccess and
 * removeProjectAccess, each with its spec §8 message.
 */
export function useSaveProjectAccess(orgId: number, options: { onDone: () => void }) {
  const refresh = useRefresh(orgId);
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: async (input: { userId: number; before: number[]; after: number[] }) => {
      const { added, removed } = projectAccessChange(input.before, input.after);
      const params = { orgId, userId: input.userId };
      if (added.length > 0) {
        try {
          await apiClient.call(routes.addProjectAccess, { params, body: { projectIds: added } });
          showBanner(PROJECTS_ADDED_MESSAGE);
        } catch {
          showBanner(PROJECTS_ADD_FAILED_MESSAGE, 'error');
          return;
        }
      }
      if (removed.length > 0) {
        try {
          await apiClient.call(routes.removeProjectAccess, {
            params,
            body: { projectIds: removed },
          });
          showBanner(PROJECTS_REMOVED_MESSAGE);
        } catch {
          showBanner(PROJECTS_REMOVE_FAILED_MESSAGE, 'error');
        }
      }
    },
    onSettled: async () => {
      options.onDone();
      await refresh();
    },
  });
}

/** spec §7 removeOrgAccess with the spec §8 Delete User texts. */
export function useDeleteUser(orgId: number, options: { onDone: () => void }) {
  const refresh = useRefresh(orgId);
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: (userId: number) =>
      apiClient.call(routes.removeOrgAccess, { params: { userId, orgId } }),
    onSuccess: (text) => showBanner(text || USER_DELETED_MESSAGE),
    onError: (error) => showBanner(failureText(error, USER_DELETE_FAILED_MESSAGE), 'error'),
    onSettled: async () => {
      options.onDone();
      await refresh();
    },
  });
}

/** spec §7 resendInviteEmail: the server's text, or its error text, else spec §8's. */
export function useResendInvite(orgId: number) {
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: (userId: number) =>
      apiClient.call(routes.resendInviteEmail, { body: { userId, orgId } }),
    onSuccess: (text) => showBanner(text),
    onError: (error) => showBanner(failureText(error, RESEND_FAILED_MESSAGE), 'error'),
  });
}
