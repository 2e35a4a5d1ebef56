import {
  compareSpecificity,
  isTemplateError,
  parseTemplate,
  type PageRules,
  type TUrlRules,
} from '@waymark/core';
import type { Db } from '../../../db/client';
import type { ProjectScope } from '../../access/index';
import { readUrlRules } from './read-url-rules';

/** Stored rules as the API answers them: templates most specific first (the order they apply). */
export function toUrlRules(projectId: number, rules: PageRules): TUrlRules {
  const ranked = rules.templates.map((template) => ({
    template,
    parsed: parseTemplate(template.pattern),
  }));
  ranked.sort((a, b) =>
    isTemplateError(a.parsed) || isTemplateError(b.parsed)
      ? 0
      : compareSpecificity(a.parsed, b.parsed),
  );
  return {
    projectId,
    hashRoutes: rules.hashRoutes,
    keptParams: [...rules.keptParams],
    templates: ranked.map(({ template }) => ({
      templateId: template.id,
      pattern: template.pattern,
      name: template.name,
    })),
  };
}

/** Issue 31 getUrlRules: the project's templates, kept query parameters and hash-route switch. */
export async function getUrlRules({ db }: { db: Db }, scope: ProjectScope): Promise<TUrlRules> {
  return toUrlRules(scope.projectId, await readUrlRules(db, scope.projectId));
}
