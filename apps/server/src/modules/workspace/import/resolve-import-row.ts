import {
  formatFeatureLimit,
  hasFeature,
  ITEM_DESCRIPTION_MAX_LENGTH,
  matchPage,
  ZItemTags,
  ZItemTitle,
  ZRelativePathInput,
  type Plan,
  type SiteRecord,
} from '@waymark/core';
import type { ImportColumn } from './import-columns';

/** What the import knows about the project while reading rows: names to ids, sites, plan. */
export type ImportContext = {
  /** The organization's item types and statuses by lower-cased name, in creation order. */
  types: Map<string, number>;
  statuses: Map<string, number>;
  /** The project's releases by lower-cased title. */
  releases: Map<string, number>;
  /** Members who may be assigned the project's items, by lower-cased e-mail. */
  assignees: Map<string, number>;
  /** The project's associated sites (a full URL must be on one of them). */
  sites: SiteRecord[];
  plan: Plan;
};

/**
 * An item's fields as a row gives them; a field is undefined when the file has no such column
 * (an update then leaves it as it is). Empty type or status cells are undefined too.
 */
export type ImportFields = {
  title: string;
  relativePath?: string | undefined;
  itemTypeId?: number | undefined;
  itemStatusId?: number | undefined;
  descriptionHtml?: string | undefined;
  tags?: string[] | undefined;
  assigneeUserId?: number | null | undefined;
  releaseId?: number | null | undefined;
};

/** A row read against the project: its fields, or every problem found in it. */
export type ResolvedRow = { fields: ImportFields; errors: [] } | { errors: string[] };

type Cells = Partial<Record<ImportColumn, string>>;

/**
 * Turns one row's cells into item fields, collecting a sentence for each problem: an empty or
 * too long title, a path or URL outside the project's sites, an unknown type, status or release,
 * an e-mail of no member with access, tags over the limits, a feature the plan lacks.
 */
export function resolveImportRow(cells: Cells, context: ImportContext): ResolvedRow {
  const errors: string[] = [];
  const fields: ImportFields = { title: '' };
  const title = ZItemTitle.safeParse(cells.title ?? '');
  if (title.success) fields.title = title.data;
  else errors.push(title.error.issues[0]?.message ?? 'Enter a title.');
  if (cells.url) {
    const path = pathOf(cells.url, context.sites);
    if ('error' in path) errors.push(path.error);
    else fields.relativePath = path.path;
  }
  fields.itemTypeId = byName(cells.type, context.types, 'type', errors);
  fields.itemStatusId = byName(cells.status, context.statuses, 'status', errors);
  if (cells.description !== undefined) {
    fields.descriptionHtml = descriptionHtmlOf(cells.description);
    if (fields.descriptionHtml.length > ITEM_DESCRIPTION_MAX_LENGTH)
      errors.push(`Use at most ${ITEM_DESCRIPTION_MAX_LENGTH} characters for the description.`);
  }
  if (cells.tags !== undefined) {
    const tags = ZItemTags.safeParse(cells.tags.split(','));
    if (tags.success) fields.tags = tags.data;
    else errors.push(tags.error.issues[0]?.message ?? 'Check the tags.');
    if (tags.success && tags.data.length > 0 && !hasFeature(context.plan, 'itemTagging'))
      errors.push(formatFeatureLimit(context.plan, 'itemTagging'));
  }
  if (cells.assigneeEmail !== undefined) fields.assigneeUserId = assigneeOf(cells, context, errors);
  if (cells.release !== undefined) {
    fields.releaseId = cells.release
      ? (byName(cells.release, context.releases, 'release', errors) ?? null)
      : null;
    if (fields.releaseId !== null && !hasFeature(context.plan, 'releaseManagement'))
      errors.push(formatFeatureLimit(context.plan, 'releaseManagement'));
  }
  return errors.length > 0 ? { errors } : { fields, errors: [] };
}

function byName(
  name: string | undefined,
  known: Map<string, number>,
  what: 'type' | 'status' | 'release',
  errors: string[],
): number | undefined {
  if (!name) return undefined;
  const id = known.get(name.toLowerCase());
  if (id === undefined) {
    const names = [...known.keys()];
    const choices = names.length > 0 ? ` Known: ${names.slice(0, 10).join(', ')}.` : '';
    const where = what === 'release' ? 'this project' : 'this organization';
    errors.push(`"${name}" is not a ${what} of ${where}.${choices}`);
  }
  return id;
}

function assigneeOf(cells: Cells, context: ImportContext, errors: string[]): number | null {
  const email = cells.assigneeEmail ?? '';
  if (!email) return null;
  const userId = context.assignees.get(email.toLowerCase());
  if (userId === undefined) {
    errors.push(
      email.includes('@')
        ? `No member with access to this project has the e-mail ${email}.`
        : `Give the assignee's e-mail address, not "${email}".`,
    );
    return null;
  }
  return userId;
}

/**
 * The page path of a URL cell: a path as is, a full URL only on one of the project's sites (with
 * its query, which the URL rules filter when the item is placed).
 */
function pathOf(url: string, sites: readonly SiteRecord[]): { path: string } | { error: string } {
  if (url.startsWith('/')) {
    const path = ZRelativePathInput.safeParse(url);
    return path.success ? { path: path.data } : { error: 'The page path is not valid.' };
  }
  const [match] = matchPage(url, sites);
  // The query goes along: the project's URL rules keep the parameters it keeps (issue 31).
  if (match) return { path: `${match.relativePath}${new URL(url).search}` };
  const hosts = sites.map((site) => site.baseUrl).join(', ');
  return {
    error: `${url} is not on one of this project's sites${hosts ? ` (${hosts})` : ''}. Give a path such as /checkout or a URL on one of them.`,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * A description cell as HTML: a cell that starts with a tag is HTML (what the export writes; the
 * item service sanitises it with the editor's allow-list), anything else is plain text — each
 * blank-line-separated paragraph a `<p>`, single line breaks `<br>`.
 */
export function descriptionHtmlOf(cell: string): string {
  if (/^<[a-z][^>]*>/i.test(cell)) return cell;
  return cell
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}
