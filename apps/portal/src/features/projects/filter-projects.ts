import type { TProject } from '@waymark/core';

/** spec §5: the project table's search, a case-insensitive match on the name or the base URL. */
export function filterProjects(projects: readonly TProject[], search: string): TProject[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...projects];
  return projects.filter(
    (project) =>
      project.projectName.toLowerCase().includes(needle) ||
      project.baseUrl.toLowerCase().includes(needle),
  );
}
