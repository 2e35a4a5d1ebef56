import { AppError, compilePageRules, matchPage, urlParts, type PageIdentity } from '@waymark/core';
import { and, count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { associatedSites, items, relativePathAliases, relativePaths } from '../../../db/schema';
import type { ProjectScope } from '../../access/index';
import { lockUrlRules, readUrlRules } from './read-url-rules';
import { markPathMerge } from '../path-merge';

/** Input of {@link acceptCanonicalLink}. */
export type AcceptCanonicalLinkInput = {
  /** The address of the page the panel shows. */
  pageUrl: string;
  /** Its `<link rel=canonical>`, resolved against the page's address by the browser. */
  canonicalUrl: string;
};

/**
 * Issue 31, canonical links (decision 0066): the page's path becomes an alias of the page its
 * canonical link names, so every member and every environment of the project sees the canonical
 * page's items there and items created there go to it. Both addresses are read with the
 * project's sites and URL rules. Refused (4xx, nothing changed): an address on no site of the
 * project, a canonical link naming the page itself, a page under a template, and a page with items
 * of its own (merging them is the portal's explicit rename). Under the project's URL-rules lock,
 * so concurrent identical accepts leave one alias and all answer the same.
 */
export async function acceptCanonicalLink(
  { db }: { db: Db },
  scope: ProjectScope,
  input: AcceptCanonicalLinkInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockUrlRules(tx, scope.projectId, 'exclusive');
    const sites = await tx
      .select({ projectId: associatedSites.projectId, baseUrl: associatedSites.baseUrl })
      .from(associatedSites)
      .where(eq(associatedSites.projectId, scope.projectId));
    const rules = compilePageRules(await readUrlRules(tx, scope.projectId));
    const identify = (url: string): PageIdentity | null => {
      const [match] = matchPage(url, sites);
      if (!match) return null;
      const { search, hash } = urlParts(url);
      return rules.identify(match.relativePath, search, hash);
    };
    const page = identify(input.pageUrl);
    if (!page) throw new AppError('BAD_REQUEST', 'This page is not on a site of this project.');
    const canonical = identify(input.canonicalUrl);
    if (!canonical)
      throw new AppError(
        'BAD_REQUEST',
        `The canonical link ${input.canonicalUrl} is not on a site of this project.`,
      );
    if (canonical.key === page.key)
      throw new AppError('BAD_REQUEST', `The canonical link names this page (${page.key}) itself.`);
    if (page.template)
      throw new AppError(
        'BAD_REQUEST',
        `This page is one of the template ${page.template.pattern}; remove the template first.`,
      );
    const targetId = await canonicalPathId(tx, scope.projectId, {
      path: canonical.key,
      page: page.key,
    });
    if (targetId === null)
      throw new AppError(
        'BAD_REQUEST',
        `${canonical.key} is itself treated as ${page.key}; the two cannot name each other.`,
      );
    await retireOwnPath(tx, scope.projectId, {
      path: page.key,
      targetId,
      canonical: canonical.key,
    });
    await tx
      .insert(relativePathAliases)
      .values({ projectId: scope.projectId, path: page.key, relativePathId: targetId })
      .onConflictDoUpdate({
        target: [relativePathAliases.projectId, relativePathAliases.path],
        set: { relativePathId: targetId },
      });
    return `${page.key} now shows the items of ${canonical.key}.`;
  });
}

/**
 * The path row the alias points at: the canonical page's own, or (when the canonical address is
 * itself an old address) the path it already shows, or a new empty path row. Null when the
 * canonical address already shows `page` (the two would name each other).
 */
async function canonicalPathId(
  tx: DbOrTx,
  projectId: number,
  { path, page }: { path: string; page: string },
): Promise<number | null> {
  const own = await pathRow(tx, projectId, path);
  if (own) return own.id;
  const [alias] = await tx
    .select({ id: relativePaths.id, path: relativePaths.path })
    .from(relativePathAliases)
    .innerJoin(relativePaths, eq(relativePaths.id, relativePathAliases.relativePathId))
    .where(and(eq(relativePathAliases.projectId, projectId), eq(relativePathAliases.path, path)));
  if (alias) return alias.path === page ? null : alias.id;
  await tx.insert(relativePaths).values({ projectId, path }).onConflictDoNothing();
  const created = await pathRow(tx, projectId, path);
  if (!created) throw new Error(`relative_paths row for ${path} missing after insert`);
  return created.id;
}

/**
 * A path row of the page itself would hide the alias (the lookup follows an alias only where no
 * path exists): refused when it holds items, otherwise removed, its own old addresses re-pointed
 * at the canonical page first so they keep answering.
 */
async function retireOwnPath(
  tx: DbOrTx,
  projectId: number,
  { path, targetId, canonical }: { path: string; targetId: number; canonical: string },
): Promise<void> {
  const own = await pathRow(tx, projectId, path);
  if (!own) return;
  const [held] = await tx
    .select({ n: count() })
    .from(items)
    .where(eq(items.relativePathId, own.id));
  if ((held?.n ?? 0) > 0)
    throw new AppError(
      'CONFLICT',
      `${path} has items of its own. To move them to ${canonical}, merge the path in the portal (Projects → URL Paths).`,
    );
  await tx
    .update(relativePathAliases)
    .set({ relativePathId: targetId })
    .where(eq(relativePathAliases.relativePathId, own.id));
  // Its watchers follow the page to the canonical one, as its items would (migration 0047).
  await markPathMerge(tx, { pathId: own.id, intoId: targetId });
  await tx.delete(relativePaths).where(eq(relativePaths.id, own.id));
}

async function pathRow(tx: DbOrTx, projectId: number, path: string) {
  const [row] = await tx
    .select({ id: relativePaths.id })
    .from(relativePaths)
    .where(and(eq(relativePaths.projectId, projectId), eq(relativePaths.path, path)))
    .for('update');
  return row;
}
