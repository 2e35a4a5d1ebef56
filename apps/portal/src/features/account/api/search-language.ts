import { routes, type TSearchLanguage } from '@waymark/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useBanner } from '../../../components/banner/use-banner';
import { apiClient } from '../../../lib/api-client';
import { accountKeys } from './account-queries';

/** Issue 28: the organization's full-text search language. */
export function searchLanguageQuery(orgId: number) {
  return queryOptions({
    queryKey: [...accountKeys.all(orgId), 'search-language'] as const,
    queryFn: () => apiClient.call(routes.getSearchLanguage, { params: { orgId } }),
  });
}

/**
 * Saves the search language; the banner shows the server's text (or its refusal), and the
 * setting is read again so the panel shows what is stored.
 */
export function useSaveSearchLanguage(orgId: number) {
  const queryClient = useQueryClient();
  const { showBanner } = useBanner();
  return useMutation({
    mutationFn: (searchLanguage: TSearchLanguage) =>
      apiClient.call(routes.saveSearchLanguage, { body: { orgId, searchLanguage } }),
    onSuccess: async (savedText) => {
      showBanner(savedText);
      await queryClient.invalidateQueries({ queryKey: searchLanguageQuery(orgId).queryKey });
    },
    onError: (error) => showBanner(error.message, 'error'),
  });
}
