import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from './tool-context';
import { registerPagesResource } from './pages-resource';
import { registerAddNoteTool } from './tools/add-note-tool';
import { registerChangeStatusTool } from './tools/change-status-tool';
import { registerCreateItemTool } from './tools/create-item-tool';
import { registerGetItemTool } from './tools/get-item-tool';
import { registerPageItemsTool } from './tools/page-items-tool';
import { registerSearchItemsTool } from './tools/search-items-tool';

/** The server's name and version as MCP clients see them. */
export const MCP_SERVER_INFO = { name: 'waymark', version: '1.0.0' } as const;

/**
 * An MCP server for one caller (stateless: built per request, so any server copy answers any
 * request): the item tools and the project pages resources, all acting as that caller.
 */
export function createMcpServer(context: ToolContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      'Waymark records items (stories, bugs, requirements) against the pages of a website. Start from a page URL with get_page_items; answers name the page (its path) and the environment (site) they concern.',
  });
  registerPageItemsTool(server, context);
  registerSearchItemsTool(server, context);
  registerGetItemTool(server, context);
  registerCreateItemTool(server, context);
  registerAddNoteTool(server, context);
  registerChangeStatusTool(server, context);
  registerPagesResource(server, context);
  return server;
}
