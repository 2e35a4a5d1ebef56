import { routes } from '@waymark/core';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The Projects screen's query keys, in one place. */
export const projectKeys = {
  sites: (projectId: number) => ['projects', 'sites', projectId] as const,
  paths: (projectId: number, urlPath: string) => ['projects', 'paths', projectId, urlPath] as const,
  urlRules: (projectId: number) => ['projects', 'url-rules', projectId] as const,
};

/** Issue 31 getUrlRules of the selected project: templates, kept parameters, hash routes. */
export function urlRulesQuery(projectId: number) {
  return queryOptions({
    queryKey: projectKeys.urlRules(projectId),
    queryFn: () => apiClient.call(routes.getUrlRules, { body: { projectId } }),
  });
}

/** spec §7 getAssociatedSites of the selected project, as editable values. */
export function sitesQuery(projectId: number | null) {
  return queryOptions({
    queryKey: projectKeys.sites(projectId ?? 0),
    queryFn: async () =>
      (
        await apiClient.call(routes.getAssociatedSites, { params: { projectId: projectId ?? 0 } })
      ).map((site) => ({ id: site.siteManagementId, text: site.baseUrl })),
    enabled: projectId !== null,
  });
}

/**
 * spec §7 getProjectRelativePaths for the selected URL (spec §3: looked up by urlPath and
 * projectId), as editable values with each path's aliases (issue 31).
 */
export function pathsQuery(projectId: number | null, urlPath: string | null) {
  return queryOptions({
    queryKey: projectKeys.paths(projectId ?? 0, urlPath ?? ''),
    queryFn: async () =>
      (
        await apiClient.call(routes.getProjectRelativePaths, {
          body: { urlPath, projectId: projectId ?? 0 },
        })
      ).map((path) => ({
        id: path.relativePathId,
        text: path.relativePath,
        aliases: path.aliases,
      })),
    enabled: projectId !== null && urlPath !== null,
  });
}
