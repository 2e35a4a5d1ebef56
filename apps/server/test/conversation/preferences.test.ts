import { mentionToken, type TInbox, type TNotificationPreferencesView } from '@waymark/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAccess } from '../../src/db/schema';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { createMentionWorld, type MentionWorld } from '../support/conversation-world';
import { createItem, ok } from '../support/projects-world';

// Issue 27: per-project notification preferences — the projects a user may set them for, a
// project's row beating the all-projects one, and rows of a project whose access ended left out.

let t: AuthTestContext;
let w: MentionWorld;

beforeAll(async () => {
  t = await startAuthTestApp();
  w = await createMentionWorld(t);
});
afterAll(() => t.close());

const read = async (person: MentionWorld['bea']) =>
  ok<TNotificationPreferencesView>(
    await t.call(person.as, { method: 'GET', url: '/api/inbox/getPreferences' }),
  );
const save = (person: MentionWorld['bea'], prefs: unknown[]) =>
  t.call(person.as, {
    method: 'POST',
    url: '/api/inbox/savePreferences',
    payload: { timeZone: 'UTC', digestHour: 8, toolbarBadge: false, isEmailOff: false, prefs },
  });

describe('per-project preferences', () => {
  it('lists the projects the user can use, with their organization, and no look-alike', async () => {
    const [only, ...more] = (await read(w.bea)).projects;
    expect(more).toEqual([]);
    expect(only).toMatchObject({ projectId: w.projectId, projectName: 'Shop' });
    expect(only?.orgName.length).toBeGreaterThan(0);
    expect((await read(w.dana)).projects.map((project) => project.projectId)).toEqual([
      w.otherProjectId,
    ]);
    const admin = await read({ as: w.world.admin, userId: w.world.adminUserId });
    expect(admin.projects.map((project) => project.projectId).sort()).toEqual(
      [w.projectId, w.otherProjectId].sort(),
    );
  });

  it("a project's row beats the all-projects row: mentions off in one project only", async () => {
    ok(
      await save(w.carl, [
        { projectId: null, event: 'mention', isEnabled: true, email: 'immediate' },
        { projectId: w.projectId, event: 'mention', isEnabled: false, email: 'off' },
      ]),
    );
    const itemId = await createItem(t, w.world.admin, w.world, {
      projectId: w.projectId,
      relativePath: '/quiet',
      title: 'Quiet',
    });
    ok(
      await t.call(w.world.admin, {
        method: 'POST',
        url: '/api/item/addItemNote',
        payload: { itemId, text: `Hi ${mentionToken(w.carl.userId)}` },
      }),
    );
    const inbox = ok<TInbox>(
      await t.call(w.carl.as, { method: 'GET', url: '/api/inbox/getInbox' }),
    );
    expect(inbox.entries.filter((entry) => entry.itemId === itemId)).toEqual([]);
  });

  it("refuses a project the user cannot use (404, nothing saved) and leaves out a lost project's rows", async () => {
    const refused = await save(w.dana, [
      { projectId: w.projectId, event: 'note', isEnabled: false, email: 'off' },
    ]);
    expect(refused.statusCode).toBe(404);
    expect((await read(w.dana)).prefs).toEqual([]);
    ok(
      await save(w.bea, [
        { projectId: w.projectId, event: 'note', isEnabled: true, email: 'immediate' },
      ]),
    );
    await t.db
      .delete(projectAccess)
      .where(and(eq(projectAccess.userId, w.bea.userId), eq(projectAccess.projectId, w.projectId)));
    const after = await read(w.bea);
    expect(after.prefs).toEqual([]);
    expect(after.projects).toEqual([]);
    // What was read saves as it is.
    const { projects: _projects, ...body } = after;
    const again = await t.call(w.bea.as, {
      method: 'POST',
      url: '/api/inbox/savePreferences',
      payload: body,
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
