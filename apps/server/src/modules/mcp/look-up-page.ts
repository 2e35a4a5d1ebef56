import { ZPageItems, type TPageItems, type TPageProject } from '@waymark/core';
import { projectsOf } from '../access/index';
import { getPageItems } from '../items/index';
import type { ToolContext } from './tool-context';

/** A page found by URL: the lookup's answer and the chosen project (undefined: none). */
export type FoundPage = { page: TPageItems; project: TPageProject | undefined };

/**
 * The extension's page lookup for a tool: the projects the caller may use (a key: its own) with
 * a site matching `url` on any environment, and the items on that page of the chosen project.
 */
export async function lookUpPage(
  context: ToolContext,
  url: string,
  projectId: number | undefined,
): Promise<FoundPage> {
  const answer = await getPageItems(
    { db: context.db, cache: context.cache },
    {
      pageUrl: url,
      projectId,
      userId: context.caller.userId,
      projectIds: projectsOf(context.caller.grant),
    },
  );
  const page = ZPageItems.parse(JSON.parse(answer.text));
  return { page, project: page.projects.find((match) => match.projectId === page.projectId) };
}
