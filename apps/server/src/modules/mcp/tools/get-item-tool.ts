import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { resolveCallerProject } from '../../access/index';
import { getItem, mentionRenderer } from '../../items/index';
import { formatItemDetail, mentionTextsOf } from '../format-answer';
import { requireScope, runTool, type ToolContext } from '../tool-context';
import { ZToolId } from './tool-inputs';

/** `get_item`: one item with its notes and history (getItem). */
export function registerGetItemTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'get_item',
    {
      title: 'Get an item',
      description: 'One item with its description, notes and history, naming its page.',
      inputSchema: { item_id: ZToolId.describe('The item id (#12 → 12)') },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool(context, 'get_item', async () => {
        requireScope(context.caller, 'items:read');
        const scope = await resolveCallerProject(context, context.caller, { itemId: args.item_id });
        const item = await getItem(context.db, { itemId: args.item_id });
        const render = await mentionRenderer(context.db, mentionTextsOf(item));
        return `Project ${scope.projectId}. ${formatItemDetail(item, render)}`;
      }),
  );
}
