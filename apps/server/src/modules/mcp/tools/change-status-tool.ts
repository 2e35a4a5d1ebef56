import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { resolveCallerProject } from '../../access/index';
import { getStatusOptions, updateItem } from '../../items/index';
import { requireScope, runTool, type ToolContext } from '../tool-context';
import { findField } from './find-field';
import { ZToolFieldName, ZToolId } from './tool-inputs';

/** `change_status`: an item's status by name (updateItem, recorded in its history). */
export function registerChangeStatusTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'change_status',
    {
      title: 'Change status',
      description:
        "Changes an item's status, by the status name the organization uses (e.g. Done).",
      inputSchema: { item_id: ZToolId, status: ZToolFieldName.describe('The new status name') },
    },
    (args) =>
      runTool(context, 'change_status', async () => {
        requireScope(context.caller, 'items:write');
        const scope = await resolveCallerProject(
          context,
          context.caller,
          { itemId: args.item_id },
          { forWrite: true },
        );
        const statuses = await getStatusOptions(context, { orgId: scope.orgId });
        const status = findField(
          statuses,
          (option) => option.itemStatusDescription,
          args.status,
          'status',
        );
        const item = await updateItem(context, scope, {
          itemId: args.item_id,
          itemStatusId: status.itemStatusId,
          userId: context.caller.userId,
        });
        return `Item #${item.itemId} on page ${item.relativePath} is now ${item.itemStatusDescription}.`;
      }),
  );
}
