import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { resolveCallerProject } from '../../access/index';
import { searchItems } from '../../items/index';
import { formatItemLine } from '../format-answer';
import { requireScope, runTool, type ToolContext } from '../tool-context';
import { ZToolId } from './tool-inputs';

/** Most results a search answers (compact answers for an assistant's context). */
const MAX_RESULTS = 50;

/** `search_items`: a project's items by title or tag (searchItems), naming each one's page. */
export function registerSearchItemsTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'search_items',
    {
      title: 'Search a project',
      description:
        "Searches a project's items by words of their title or a tag; without text, its most recently changed items.",
      inputSchema: {
        project_id: ZToolId.describe('The project (see the projects resources or get_page_items)'),
        text: z.string().trim().max(200).optional().describe('Words of the title or a tag'),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool(context, 'search_items', async () => {
        requireScope(context.caller, 'items:read');
        const scope = await resolveCallerProject(context, context.caller, {
          projectId: args.project_id,
        });
        const found = await searchItems(context, scope, { text: args.text || undefined });
        const shown = found.slice(0, MAX_RESULTS);
        return [
          `Project ${scope.projectId}: ${found.length} item${found.length === 1 ? '' : 's'}${found.length > shown.length ? ` (first ${shown.length})` : ''}.`,
          ...shown.map((item) => `${formatItemLine(item)} — page ${item.relativePath}`),
        ].join('\n');
      }),
  );
}
