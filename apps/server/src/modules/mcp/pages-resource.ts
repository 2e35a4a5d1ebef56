import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AppError } from '@waymark/core';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { items, projects, relativePaths } from '../../db/schema';
import { canUseProject, resolveCallerProject } from '../access/index';
import { requireScope, type ToolContext } from './tool-context';

const TEMPLATE = 'waymark://projects/{projectId}/pages';

/** The projects the caller may use (an organization key: its own), for the resource list. */
async function listCallerProjects(context: ToolContext) {
  const bound = context.caller.grant?.projectIds;
  return context.db
    .select({ projectId: projects.id, name: projects.name })
    .from(projects)
    .where(
      and(
        canUseProject(context.caller.userId),
        bound ? inArray(projects.id, [...bound]) : undefined,
      ),
    )
    .orderBy(asc(projects.name));
}

/** A project's pages (relative paths) with their item counts, one per line. */
async function readPages(context: ToolContext, projectId: number): Promise<string> {
  requireScope(context.caller, 'items:read');
  const scope = await resolveCallerProject(context, context.caller, { projectId });
  const rows = await context.db
    .select({ path: relativePaths.path, items: count(items.id) })
    .from(relativePaths)
    .leftJoin(items, eq(items.relativePathId, relativePaths.id))
    .where(eq(relativePaths.projectId, scope.projectId))
    .groupBy(relativePaths.id)
    .orderBy(asc(relativePaths.path));
  return [
    `Pages of project ${scope.projectId} (the same paths on every environment): ${rows.length}.`,
    ...rows.map((row) => `${row.path} — ${row.items} item${row.items === 1 ? '' : 's'}`),
  ].join('\n');
}

/**
 * Resources `waymark://projects/{projectId}/pages`: one per project the caller may use, listing
 * its pages. A project the caller cannot see reads as not found.
 */
export function registerPagesResource(server: McpServer, context: ToolContext): void {
  server.registerResource(
    'project-pages',
    new ResourceTemplate(TEMPLATE, {
      list: async () => ({
        resources: (await listCallerProjects(context)).map((project) => ({
          uri: `waymark://projects/${project.projectId}/pages`,
          name: `Pages of ${project.name}`,
          mimeType: 'text/plain',
        })),
      }),
    }),
    {
      title: "A project's pages",
      description: 'The pages of a project and how many items each has.',
      mimeType: 'text/plain',
    },
    async (uri, variables) => {
      const projectId = Number(variables.projectId);
      if (
        !/^\d{1,10}$/.test(String(variables.projectId)) ||
        projectId < 1 ||
        projectId > 2_147_483_647
      )
        throw new AppError('NOT_FOUND', 'Project not found.');
      return {
        contents: [
          { uri: uri.href, mimeType: 'text/plain', text: await readPages(context, projectId) },
        ],
      };
    },
  );
}
