import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  itemAttachments,
  itemNotes,
  items,
  orgMembers,
  orgOwners,
  organizations,
  projectAccess,
  projects,
  users,
} from '../../db/schema';
import { readAttachments, readItems, readNotes } from './archive-queries';
import { jsonArray, readInBatches } from './json-stream';

/** The personal archive's format name and version, its first two fields. */
export const PERSONAL_ARCHIVE_FORMAT = { format: 'waymark.personal-data', version: 1 } as const;

const ROLE_NAMES: Record<number, string> = { 1: 'Admin', 2: 'Member' };

/** The person's memberships: organization, role, status and the projects they can use. */
async function readMemberships(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      orgId: organizations.id,
      orgName: organizations.name,
      accessLevelId: orgMembers.accessLevelId,
      status: orgMembers.status,
      joinedAt: orgMembers.createdAt,
      isOwner: sql<boolean>`${orgOwners.userId} is not null`,
    })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .leftJoin(
      orgOwners,
      and(eq(orgOwners.orgId, orgMembers.orgId), eq(orgOwners.userId, orgMembers.userId)),
    )
    .where(eq(orgMembers.userId, userId))
    .orderBy(asc(organizations.id));
  const memberships = [];
  for (const row of rows) {
    // Admins use every project of their organization (spec §6); members the ones granted.
    const usable = await db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(
        and(
          eq(projects.orgId, row.orgId),
          row.accessLevelId === 1
            ? sql`true`
            : sql`exists (select 1 from ${projectAccess} where ${projectAccess.projectId} = ${projects.id} and ${projectAccess.userId} = ${userId})`,
        ),
      )
      .orderBy(asc(projects.id));
    memberships.push({
      organization: { id: row.orgId, name: row.orgName },
      role: row.isOwner ? 'Owner' : (ROLE_NAMES[row.accessLevelId] ?? 'Member'),
      status: row.status,
      since: row.joinedAt.toISOString(),
      projects: usable,
    });
  }
  return memberships;
}

/**
 * The person's own data (issue 33, GDPR Art. 20) as JSON text, piece by piece: their profile,
 * memberships, and the items, notes and attachments' metadata they wrote in the organizations
 * they belong to — never another person's notes or files. Items, notes and attachments are read
 * a batch at a time, so the archive streams in constant memory.
 */
export async function* personalArchive(
  db: DbOrTx,
  input: { userId: number; exportedAt: Date },
): AsyncGenerator<string> {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, input.userId));
  const memberships = await readMemberships(db, input.userId);
  const head = {
    ...PERSONAL_ARCHIVE_FORMAT,
    exportedAt: input.exportedAt.toISOString(),
    account: account ? { ...account, createdAt: account.createdAt.toISOString() } : null,
    memberships,
  };
  // The head's JSON without its closing brace; the streamed arrays follow it.
  yield `${JSON.stringify(head, null, 1).slice(0, -2)},\n"items": `;
  const orgIds = memberships.filter((m) => m.status === 'Active').map((m) => m.organization.id);
  const inOrgs = orgIds.length > 0 ? inArray(projects.orgId, orgIds) : sql`false`;
  yield* jsonArray(
    readInBatches((afterId, limit) =>
      readItems(db, and(inOrgs, eq(items.createdBy, input.userId))!, afterId, limit),
    ),
  );
  yield ',\n"notes": ';
  yield* jsonArray(
    readInBatches((afterId, limit) =>
      readNotes(db, and(inOrgs, eq(itemNotes.authorUserId, input.userId))!, afterId, limit),
    ),
  );
  yield ',\n"attachments": ';
  yield* jsonArray(
    readInBatches((afterId, limit) =>
      readAttachments(
        db,
        and(inOrgs, eq(itemAttachments.uploadedBy, input.userId))!,
        afterId,
        limit,
      ),
    ),
  );
  yield '\n}\n';
}
