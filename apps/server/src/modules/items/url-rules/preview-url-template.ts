import { compilePageRules, type PageRules, type TUrlTemplatePreview } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { relativePaths } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import { checkTemplate } from './check-template';
import { readUrlRules } from './read-url-rules';
import { keyOfPage, planMoves } from './rehome-items';

/** Most pages a preview lists (the count of items still covers every one). */
const PREVIEW_PATHS_MAX = 1_000;

/** Rules with `pattern` added as a template not yet saved. */
export function withTemplate(rules: PageRules, pattern: string, name: string | null): PageRules {
  return {
    ...rules,
    templates: [...rules.templates, { id: Number.MAX_SAFE_INTEGER, pattern, name }],
  };
}

/**
 * The known pages a new template takes over: pages with items whose key becomes the template,
 * and known paths without items it would match. In the caller's transaction or on the pool.
 */
export async function absorbedPaths(
  db: DbOrTx,
  projectId: number,
  next: PageRules,
  pattern: string,
): Promise<TUrlTemplatePreview['paths']> {
  const isTemplateKey = (key: string) => key === pattern || key.startsWith(`${pattern}?`);
  const counts = new Map<string, number>();
  for (const move of await planMoves(db, projectId, next)) {
    if (isTemplateKey(move.key))
      counts.set(move.pagePath, (counts.get(move.pagePath) ?? 0) + move.itemIds.length);
  }
  const compiled = compilePageRules(next);
  const known = await db
    .select({ path: relativePaths.path })
    .from(relativePaths)
    .where(eq(relativePaths.projectId, projectId));
  for (const { path } of known) {
    const key = keyOfPage(compiled, path);
    if (key !== path && isTemplateKey(key) && !counts.has(path)) counts.set(path, 0);
  }
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, PREVIEW_PATHS_MAX)
    .map(([relativePath, itemCount]) => ({ relativePath, itemCount }));
}

/** Issue 31 previewUrlTemplate: what saving the template would absorb; 400 when it cannot be. */
export async function previewUrlTemplate(
  { db }: { db: Db },
  scope: ProjectScope,
  input: { pattern: string },
): Promise<TUrlTemplatePreview> {
  const rules = await readUrlRules(db, scope.projectId);
  const { pattern } = checkTemplate(input.pattern, rules);
  const paths = await absorbedPaths(
    db,
    scope.projectId,
    withTemplate(rules, pattern, null),
    pattern,
  );
  return { pattern, paths };
}
