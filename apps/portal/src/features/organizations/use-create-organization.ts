import { isAppError, routes } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toasts/use-toast';
import { apiClient } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { ORG_CREATED_MESSAGE, ORG_EXISTS_MESSAGE } from './org-messages';

/**
 * Creates the caller's organization (createOrgExistingUser), named when a name is given; without
 * one the welcome notification then asks for it (spec §4 Notifications). Toasts the spec §8 texts and refreshes
 * the organizations (which re-selects the first) and the notification queue.
 */
export function useCreateOrganization(options: { onCreated?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  return useMutation({
    mutationFn: (orgName?: string) =>
      apiClient.call(routes.createOrgExistingUser, { body: orgName ? { orgName } : {} }),
    onSuccess: async () => {
      // spec §8 fixes this toast's text, so it does not depend on what the server answers.
      showToast(ORG_CREATED_MESSAGE, 'success');
      // Also refetch while no screen watches them, so the /app guard decides on fresh data. The
      // organizations first: the shell reads the new organization's name before its welcome
      // notification arrives (issue 25: a named organization's welcome is not shown).
      await queryClient.invalidateQueries({
        queryKey: queryKeys.organizations,
        refetchType: 'all',
      });
      await queryClient.invalidateQueries({
        queryKey: queryKeys.notifications,
        refetchType: 'all',
      });
      options.onCreated?.();
    },
    onError: (error) => {
      const text = isAppError(error) && error.code === 'CONFLICT' ? error.message : '';
      showToast(text || ORG_EXISTS_MESSAGE, 'error');
    },
  });
}
