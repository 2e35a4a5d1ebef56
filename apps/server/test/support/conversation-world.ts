import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AuthTestContext } from './auth-test-app';
import {
  addMember,
  createOrgWorld,
  createProject,
  userIdOf,
  type As,
  type OrgWorld,
} from './projects-world';

/** The preferences the matrix probes save: the world saves them first, so a probe changes nothing. */
export const PROBE_PREFERENCES = {
  timeZone: 'Europe/Paris',
  digestHour: 8,
  toolbarBadge: false,
  isEmailOff: false,
  prefs: [{ projectId: null, event: 'note', isEnabled: true, email: 'digest' }],
};

/** Ids of issue 27's probes: the owner's notes and a (read) notification of the owner. */
export type ConversationIds = {
  /** A note by the organization's owner on `itemId`. */
  noteId: number;
  /** Another note of the owner on `itemId`, for the delete probe. */
  spareNoteId: number;
  /** A notification of the owner, already read (so "mark all read" probes change nothing). */
  inboxEntryId: number;
};

/**
 * Writes the owner's notes and one notification for the owner (a mention by `actorUserId`, a
 * teammate), marks it read and saves {@link PROBE_PREFERENCES}.
 */
export async function createConversationIds(
  t: AuthTestContext,
  as: As,
  input: { itemId: number; actorUserId: number },
): Promise<ConversationIds> {
  const note = async (text: string) => {
    const response = await t.call(as, {
      method: 'POST',
      url: '/api/item/addItemNote',
      payload: { itemId: input.itemId, text },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ noteId: number }>().noteId;
  };
  const ownerId = await userIdOf(t, as);
  const result = await t.db.execute<{ id: number }>(sql`
    insert into inbox_entries (user_id, project_id, item_id, event, actor_user_id, mail, read_at)
    select ${ownerId}::integer, project_id, id, 'mention', ${input.actorUserId}::integer, 'none', now()
    from items where id = ${input.itemId} returning id`);
  const saved = await t.call(as, {
    method: 'POST',
    url: '/api/inbox/savePreferences',
    payload: PROBE_PREFERENCES,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return {
    noteId: await note('Probe note'),
    spareNoteId: await note('Spare probe note'),
    inboxEntryId: Number(result.rows[0]?.id),
  };
}

/** A member of a mention world: how to call as them, and their id. */
export type MentionPerson = { as: As; userId: number };

/** Issue 27's people: an organization with look-alikes in a second one. */
export type MentionWorld = {
  world: OrgWorld;
  /** The project Bea and Carl may use (https://first.test). */
  projectId: number;
  /** A second project of the organization, the only one Dana may use. */
  otherProjectId: number;
  bea: MentionPerson;
  carl: MentionPerson;
  /** A member of the organization without access to `projectId`. */
  dana: MentionPerson;
  /** A second organization with a "Bea Baker" of its own (same name, same e-mail local part). */
  lookAlike: { world: OrgWorld; bea: MentionPerson };
};

/** Creates the {@link MentionWorld}: who may be mentioned, who may not, and a look-alike. */
export async function createMentionWorld(t: AuthTestContext): Promise<MentionWorld> {
  const world = await createOrgWorld(t, { email: 'ada@first.test' });
  const projectId = await createProject(t, world, 'https://first.test');
  const otherProjectId = await createProject(t, world, 'https://first-other.test', 'Other');
  const bea = await addMember(t, world, [projectId], { firstName: 'Bea', lastName: 'Baker' });
  const carl = await addMember(t, world, [projectId], { firstName: 'Carl', lastName: 'Cole' });
  const dana = await addMember(t, world, [otherProjectId], { firstName: 'Dana', lastName: 'Dale' });
  const other = await createOrgWorld(t, { email: 'ada@second.test' });
  await createProject(t, other, 'https://second.test');
  const lookAlikeBea = await addMember(t, other, [], { firstName: 'Bea', lastName: 'Baker' });
  return {
    world,
    projectId,
    otherProjectId,
    bea,
    carl,
    dana,
    lookAlike: { world: other, bea: lookAlikeBea },
  };
}
