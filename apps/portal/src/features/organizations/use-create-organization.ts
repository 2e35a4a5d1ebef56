import { isAppError, routes } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toasts/use-toast';
import { apiClient } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { ORG_CREATED_MESSAGE, ORG_EXISTS_MESSAGE } from './org-messages';

/**
 * Creates the caller's organization (createOrgExistingUser) without a name: the welcome
 * notification then asks for it (spec §4 Notifications). Toasts the spec §8 texts and refreshes
 * the organizations (which re-selects the first) and the notification queue.
 */
export function useCreateOrganization(options: { onCreated?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  return useMutation({
    mutationFn: () => apiClient.call(routes.createOrgExistingUser, { body: {} }),
    onSuccess: async () => {
      // spec §8 fixes this toast's text, so it does not depend on what the server answers.
      showToast(ORG_CREATED_MESSAGE, 'success');
      // Also refetch while no screen watches them, so the /app guard decides on fresh data.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organizations, refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications, refetchType: 'all' }),
      ]);
      options.onCreated?.();
    },
    onError: (error) => {
      const text = isAppError(error) && error.code === 'CONFLICT' ? error.message : '';
      showToast(text || ORG_EXISTS_MESSAGE, 'error');
    },
  });
}
