import { DEFAULT_ORG_ID, routes } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useBanner } from '../../components/banner/use-banner';
import { paths } from '../../config/paths';
import { apiClient } from '../../lib/api-client';
import { readOrgId } from '../../lib/org-storage';
import { queryKeys } from '../../lib/query-keys';
import { ORG_NAME_SAVE_FAILED_MESSAGE } from './org-messages';

/**
 * Saves the selected organization's name (saveOrgName) and navigates to /app (spec §2 Dialogs).
 * spec §5: nothing is sent while the stored orgId is 0. The banner shows the server's text, or
 * the spec §8 message on failure.
 */
export function useSaveOrgName(options: { onSaved: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: async (orgName: string) => {
      const orgId = readOrgId();
      if (orgId === DEFAULT_ORG_ID) return false;
      return apiClient.call(routes.saveOrgName, { body: { orgId, orgName } });
    },
    onSuccess: async (savedText) => {
      if (savedText === false) return;
      // spec §8: success text from the server is shown in the banner.
      if (savedText) showBanner(savedText);
      options.onSaved();
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations });
      await navigate(paths.app.root.getHref());
    },
    onError: () => showBanner(ORG_NAME_SAVE_FAILED_MESSAGE, 'error'),
  });
}
