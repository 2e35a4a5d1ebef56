import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { resolveCallerProject } from '../../access/index';
import { addItemNote } from '../../conversation/index';
import { requireScope, runTool, type ToolContext } from '../tool-context';
import { ZToolId, ZToolNote } from './tool-inputs';

/** `add_note`: a note on an item, by the caller (addItemNote). */
export function registerAddNoteTool(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'add_note',
    {
      title: 'Add a note',
      description: 'Adds a note to an item, as the token’s user.',
      inputSchema: { item_id: ZToolId, text: ZToolNote.describe('The note, plain text') },
    },
    (args) =>
      runTool(context, 'add_note', async () => {
        requireScope(context.caller, 'items:write');
        const scope = await resolveCallerProject(
          context,
          context.caller,
          { itemId: args.item_id },
          { forWrite: true },
        );
        const note = await addItemNote(context, scope, {
          itemId: args.item_id,
          text: args.text,
          userId: context.caller.userId,
        });
        return `Note ${note.noteId} added to item #${args.item_id}.`;
      }),
  );
}
