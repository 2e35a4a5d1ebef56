import { and, asc, eq, like } from 'drizzle-orm';
import TurndownService from 'turndown';
import type { DbOrTx } from '../../../db/client';
import {
  associatedSites,
  itemAttachments,
  itemStatuses,
  itemTypes,
  items,
  relativePaths,
} from '../../../db/schema';
import { mentionRenderer } from '../../items/index';
import type { IssueDraft } from './tracker-adapter';

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });

/** GitHub's limit on an issue title (Jira's is 255: its adapter cuts again). */
const TITLE_MAX = 256;

/**
 * The tracker issue of an item: its title, its description (stored sanitised HTML, with the bug
 * environment block, turned into Markdown by turndown), the page on each of the project's sites,
 * screenshots as links, and a link back that opens the item in the extension on its page.
 */
export async function buildIssueDraft(
  tx: DbOrTx,
  input: { itemId: number; marker: string; publicUrl: string },
): Promise<IssueDraft> {
  const [item] = await tx
    .select({
      title: items.title,
      descriptionHtml: items.descriptionHtml,
      projectId: items.projectId,
      path: relativePaths.path,
      type: itemTypes.description,
      status: itemStatuses.description,
    })
    .from(items)
    .innerJoin(relativePaths, eq(relativePaths.id, items.relativePathId))
    .innerJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
    .innerJoin(itemStatuses, eq(itemStatuses.id, items.itemStatusId))
    .where(eq(items.id, input.itemId));
  if (!item) throw new Error(`Item ${input.itemId} not found`);
  const sites = await tx
    .select({ baseUrl: associatedSites.baseUrl })
    .from(associatedSites)
    .where(eq(associatedSites.projectId, item.projectId))
    .orderBy(asc(associatedSites.id));
  const shots = await tx
    .select({ id: itemAttachments.id, fileName: itemAttachments.fileName })
    .from(itemAttachments)
    .where(
      and(eq(itemAttachments.itemId, input.itemId), like(itemAttachments.contentType, 'image/%')),
    )
    .orderBy(asc(itemAttachments.id));
  const pageUrls = sites.map((site) => `${site.baseUrl.replace(/\/+$/, '')}${item.path}`);
  const server = input.publicUrl.replace(/\/+$/, '');
  const description = item.descriptionHtml.trim()
    ? turndown.turndown(await issueHtml(tx, item.descriptionHtml))
    : '';
  const lines = [
    description || '_No description._',
    '',
    '### Page',
    ...pageUrls.map((url) => `- <${url}>`),
  ];
  if (shots.length > 0)
    lines.push(
      '',
      '### Screenshots',
      ...shots.map(
        (shot) =>
          `- [${escapeLinkText(shot.fileName)}](${server}/api/item/downloadAttachment/${input.itemId}/${shot.id})`,
      ),
    );
  const back = pageUrls[0] ? `${pageUrls[0]}#waymark-item=${input.itemId}` : server;
  lines.push(
    '',
    '---',
    `${item.type} · ${item.status} · [Open in Waymark](${back}) (item ${input.itemId})`,
  );
  return {
    title: item.title.slice(0, TITLE_MAX),
    body: lines.join('\n'),
    marker: input.marker,
    itemType: item.type,
  };
}

// Mentions read as the people's current names, in a code span: a bare `@Jane` would notify
// whichever GitHub (or Linear) account is called "Jane" (decision 0048).
async function issueHtml(tx: DbOrTx, descriptionHtml: string): Promise<string> {
  const render = await mentionRenderer(tx, [descriptionHtml]);
  return render.html(descriptionHtml.replace(/@\[user:\d{1,10}\]/g, '<code>$&</code>'));
}

const escapeLinkText = (text: string) => text.replace(/[[\]\\]/g, (c) => `\\${c}`);
