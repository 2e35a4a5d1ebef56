import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AppError } from '@waymark/core';
import { resolveCallerProject } from '../../access/index';
import { createItem, getItemTypeOptions, getStatusOptions } from '../../items/index';
import { lookUpPage } from '../look-up-page';
import { requireScope, runTool, type ToolContext } from '../tool-context';
import { findField } from './find-field';
import {
  plainTextToHtml,
  ZToolDescription,
  ZToolFieldName,
  ZToolId,
  ZToolTitle,
  ZToolUrl,
} from './tool-inputs';

/**
 * `create_item`: an item on the page at a URL (any environment of its project): the page lookup
 * finds the project and path, then createItem records it as the caller.
 */
export function registerCreateItemTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'create_item',
    {
      title: 'Create an item on a page',
      description:
        'Records a new item (story, bug, requirement…) on the page at a URL. Type and status are names the organization uses; by default its first ones.',
      inputSchema: {
        url: ZToolUrl,
        title: ZToolTitle,
        description: ZToolDescription.optional().describe('Plain text'),
        type: ZToolFieldName.optional().describe('Item type name, e.g. Bug'),
        status: ZToolFieldName.optional().describe('Status name, e.g. Open'),
        project_id: ZToolId.optional().describe('A project, when the URL belongs to several'),
      },
    },
    (args) =>
      runTool(context, 'create_item', async () => {
        requireScope(context.caller, 'items:write');
        const { project } = await lookUpPage(context, args.url, args.project_id);
        if (!project || (args.project_id !== undefined && project.projectId !== args.project_id))
          throw new AppError('NOT_FOUND', `No project you can use has a page at ${args.url}.`);
        const scope = await resolveCallerProject(
          context,
          context.caller,
          { projectId: project.projectId },
          { forWrite: true },
        );
        const [types, statuses] = await Promise.all([
          getItemTypeOptions(context, { orgId: scope.orgId }),
          getStatusOptions(context, { orgId: scope.orgId }),
        ]);
        const type = findField(
          types,
          (option) => option.itemTypeDescription,
          args.type,
          'item type',
        );
        const status = findField(
          statuses,
          (option) => option.itemStatusDescription,
          args.status,
          'status',
        );
        const item = await createItem(context, scope, {
          relativePath: project.relativePath,
          itemTypeId: type.itemTypeId,
          itemStatusId: status.itemStatusId,
          title: args.title,
          descriptionHtml: plainTextToHtml(args.description ?? ''),
          tags: [],
          assigneeUserId: null,
          releaseId: null,
          externalUrls: [],
          userId: context.caller.userId,
        });
        return `Created #${item.itemId} [${item.itemTypeDescription} · ${item.itemStatusDescription}] ${item.title} on page ${item.relativePath} of project "${project.projectName}" (environment ${project.baseUrl}).`;
      }),
  );
}
