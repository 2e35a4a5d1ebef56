import { describe, expect, it } from 'vitest';
import { createFakeChrome } from '../test/fake-chrome-api';
import { OPEN_WORKSPACE_COMMAND, openWorkspaceOnCommand } from './open-workspace';

describe('openWorkspaceOnCommand', () => {
  it("opens the workspace page on its shortcut's command, and on no other", async () => {
    const fake = createFakeChrome();
    openWorkspaceOnCommand(fake.api);
    fake.onCommand.emit('something-else');
    fake.onCommand.emit(OPEN_WORKSPACE_COMMAND);
    await Promise.resolve();
    expect(fake.api.tabs.create).toHaveBeenCalledTimes(1);
    expect(fake.api.tabs.create).toHaveBeenCalledWith({
      url: fake.api.runtime.getURL('workspace.html'),
      active: true,
    });
  });
});
