import type { ChromeApi } from '../platform/index';

/** The packaged project workspace page (issue 28). */
export const WORKSPACE_PAGE = 'workspace.html';
/** The manifest command whose shortcut opens it. */
export const OPEN_WORKSPACE_COMMAND = 'open-workspace';

/** Opens the project workspace in a new tab when the user presses its keyboard shortcut. */
export function openWorkspaceOnCommand(api: ChromeApi): () => void {
  return api.commands.onCommand.subscribe((command) => {
    if (command !== OPEN_WORKSPACE_COMMAND) return;
    api.tabs.create({ url: api.runtime.getURL(WORKSPACE_PAGE), active: true }).catch((error) => {
      console.error('Waymark could not open the project workspace', error);
    });
  });
}
