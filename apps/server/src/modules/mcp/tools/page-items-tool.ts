import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { formatItemLine } from '../format-answer';
import { lookUpPage } from '../look-up-page';
import { requireScope, runTool, type ToolContext } from '../tool-context';

/**
 * `get_page_items`: the items recorded on the page at a URL, on any environment (associated
 * site) of the project — the same lookup as the extension's (getPageItems).
 */
export function registerPageItemsTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'get_page_items',
    {
      title: 'Items of a page',
      description:
        'Lists the items (stories, bugs, requirements…) recorded on the page at a URL. Any environment of the project works (production, staging, localhost…): the page is matched by its path within the project.',
      inputSchema: {
        url: z
          .string()
          .min(1)
          .max(4_000)
          .describe('The page URL, e.g. https://staging.example.com/cart'),
        project_id: z
          .number()
          .int()
          .positive()
          .max(2_147_483_647)
          .optional()
          .describe('A project, when the URL belongs to several'),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool(context, 'get_page_items', async () => {
        requireScope(context.caller, 'items:read');
        const { page, project } = await lookUpPage(context, args.url, args.project_id);
        if (!project) return `No project you can use has a page at ${args.url}.`;
        const others = page.projects.filter((match) => match !== project);
        return [
          `Page ${project.relativePath} of project "${project.projectName}" (id ${project.projectId}), environment ${project.baseUrl}: ${page.items.length} item${page.items.length === 1 ? '' : 's'}.`,
          ...page.items.map(formatItemLine),
          ...(others.length > 0
            ? [
                `Also in: ${others.map((match) => `"${match.projectName}" (id ${match.projectId})`).join(', ')}.`,
              ]
            : []),
        ].join('\n');
      }),
  );
}
