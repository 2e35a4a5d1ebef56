import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { DbOrTx } from '../../db/client';
import {
  associatedSites,
  itemStatuses,
  itemTypes,
  organizations,
  orgMembers,
  orgOwners,
  projects,
  relativePaths,
  releases,
  urlTemplates,
  users,
} from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import {
  readAttachmentKeys,
  readAttachments,
  readHistory,
  readItems,
  readNotes,
} from './archive-queries';
import { jsonArray, readInBatches } from './json-stream';

/** The organization archive's format name and version (in `organization.json`). */
export const ORGANIZATION_ARCHIVE_FORMAT = { format: 'waymark.organization', version: 1 } as const;

type Deps = { db: DbOrTx; files: FileStore };

/** A ZIP entry's text from an async generator, one piece read ahead at most. */
const textEntry = (pieces: AsyncIterable<string>) =>
  Readable.from(pieces, { highWaterMark: 1, objectMode: false });

/** An attachment's name inside the archive: its id and its name, reduced to safe characters. */
export function attachmentEntryName(attachment: { id: number; fileName: string }): string {
  const safe = attachment.fileName
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120);
  return `attachments/${attachment.id}-${safe || 'file'}`;
}

/** The organization, its members and its data fields: small, read at once. */
async function organizationHead(db: DbOrTx, orgId: number, exportedAt: Date) {
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const members = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      accessLevelId: orgMembers.accessLevelId,
      status: orgMembers.status,
      isOwner: sql<boolean>`exists (select 1 from ${orgOwners} where ${orgOwners.orgId} = ${orgId} and ${orgOwners.userId} = ${users.id})`,
    })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(eq(orgMembers.orgId, orgId))
    .orderBy(asc(users.id));
  return {
    ...ORGANIZATION_ARCHIVE_FORMAT,
    exportedAt: exportedAt.toISOString(),
    organization,
    members: members.map(({ accessLevelId, isOwner, ...member }) => ({
      ...member,
      role: isOwner ? 'Owner' : accessLevelId === 1 ? 'Admin' : 'Member',
    })),
  };
}

/** Item types, statuses and releases: the organization's own data fields. */
async function customFields(db: DbOrTx, orgId: number) {
  const [types, statuses, projectReleases] = await Promise.all([
    db
      .select({ id: itemTypes.id, name: itemTypes.description })
      .from(itemTypes)
      .where(eq(itemTypes.orgId, orgId))
      .orderBy(asc(itemTypes.id)),
    db
      .select({ id: itemStatuses.id, name: itemStatuses.description })
      .from(itemStatuses)
      .where(eq(itemStatuses.orgId, orgId))
      .orderBy(asc(itemStatuses.id)),
    db
      .select({
        id: releases.id,
        projectId: releases.projectId,
        title: releases.title,
        createdAt: releases.createdAt,
      })
      .from(releases)
      .innerJoin(projects, eq(projects.id, releases.projectId))
      .where(eq(projects.orgId, orgId))
      .orderBy(asc(releases.id)),
  ]);
  return { itemTypes: types, itemStatuses: statuses, releases: projectReleases };
}

async function* once(value: () => Promise<unknown>): AsyncGenerator<string> {
  yield `${JSON.stringify(await value(), null, 1)}\n`;
}

async function* arrayFile<T extends { id: number }>(
  read: (afterId: number, limit: number) => Promise<T[]>,
): AsyncGenerator<string> {
  yield* jsonArray(readInBatches(read));
  yield '\n';
}

/** One archive file of a project-scoped table: its rows' id, project and columns. */
type ProjectTableFile = {
  name: string;
  table: PgTable;
  id: AnyPgColumn<{ data: number; notNull: true }>;
  /** The column naming the row's project (the project's own id for `projects`). */
  projectId: AnyPgColumn<{ data: number; notNull: true }>;
  columns: Record<string, AnyPgColumn>;
};

// The organization's configuration tables, each read the same way: keyset batches of the rows of
// the organization's projects.
const PROJECT_TABLE_FILES: readonly ProjectTableFile[] = [
  {
    name: 'projects.json',
    table: projects,
    id: projects.id,
    projectId: projects.id,
    columns: { name: projects.name, createdAt: projects.createdAt },
  },
  {
    name: 'domains.json',
    table: associatedSites,
    id: associatedSites.id,
    projectId: associatedSites.projectId,
    columns: {
      projectId: associatedSites.projectId,
      baseUrl: associatedSites.baseUrl,
      createdAt: associatedSites.createdAt,
    },
  },
  {
    name: 'paths.json',
    table: relativePaths,
    id: relativePaths.id,
    projectId: relativePaths.projectId,
    columns: { projectId: relativePaths.projectId, path: relativePaths.path },
  },
  {
    name: 'url-templates.json',
    table: urlTemplates,
    id: urlTemplates.id,
    projectId: urlTemplates.projectId,
    columns: {
      projectId: urlTemplates.projectId,
      pattern: urlTemplates.pattern,
      name: urlTemplates.name,
    },
  },
];

/** One keyset batch (`id > afterId`, ascending) of `file`'s rows in the projects `inOrg` selects. */
async function readProjectRows(
  db: DbOrTx,
  inOrg: SQL,
  file: ProjectTableFile,
  afterId: number,
  limit: number,
): Promise<({ id: number } & Record<string, unknown>)[]> {
  const rows = db.select({ id: file.id, ...file.columns }).from(file.table);
  const scoped =
    file.table === projects ? rows : rows.innerJoin(projects, eq(projects.id, file.projectId));
  return scoped
    .where(and(inOrg, gt(file.id, afterId)))
    .orderBy(asc(file.id))
    .limit(limit);
}

/**
 * The whole organization as a ZIP stream (issue 33): `organization.json` (members), then
 * `projects.json`, `domains.json`, `paths.json`, `url-templates.json`, `custom-fields.json`,
 * `items.json`, `notes.json`, `history.json`, `attachments.json` and the attachment files under
 * `attachments/`. Each entry is opened only when the archive reaches it and JSON is read a batch
 * at a time, so memory does not grow with the data (only the ZIP's central directory grows, by
 * one small record per entry). Every query is limited to the organization's projects. The ZIP is
 * written by yazl (docs/architecture.md "Data exports").
 */
export function organizationArchive(
  deps: Deps,
  input: { orgId: number; exportedAt: Date },
): Readable {
  const { db } = deps;
  const { orgId, exportedAt } = input;
  const inOrg = eq(projects.orgId, orgId);
  const zip = new ZipFile();
  const mtime = exportedAt;
  const add = (name: string, open: () => Readable) =>
    zip.addReadStreamLazy(name, { mtime }, (callback) => callback(null, open()));
  add('organization.json', () => textEntry(once(() => organizationHead(db, orgId, exportedAt))));
  for (const file of PROJECT_TABLE_FILES)
    add(file.name, () =>
      textEntry(arrayFile((afterId, limit) => readProjectRows(db, inOrg, file, afterId, limit))),
    );
  add('custom-fields.json', () => textEntry(once(() => customFields(db, orgId))));
  add('items.json', () => textEntry(arrayFile((a, l) => readItems(db, inOrg, a, l))));
  add('notes.json', () => textEntry(arrayFile((a, l) => readNotes(db, inOrg, a, l))));
  add('history.json', () => textEntry(arrayFile((a, l) => readHistory(db, inOrg, a, l))));
  add('attachments.json', () =>
    textEntry(
      arrayFile(async (afterId, limit) =>
        (await readAttachments(db, inOrg, afterId, limit)).map((row) => ({
          ...row,
          file: attachmentEntryName(row),
        })),
      ),
    ),
  );
  const output = zip.outputStream as Readable;
  void addAttachmentFiles(zip, deps, orgId, mtime).then(
    () => zip.end(),
    (error: unknown) => output.destroy(error as Error),
  );
  return output;
}

/**
 * Adds one lazy entry per attachment file, a page of rows at a time (only names and ids are held;
 * each file is opened when the archive reaches it). A file missing from the store is written as an
 * empty entry named in `attachments.json`, so one lost file does not lose the whole archive.
 */
async function addAttachmentFiles(zip: ZipFile, deps: Deps, orgId: number, mtime: Date) {
  for await (const batch of readInBatches((afterId, limit) =>
    readAttachments(deps.db, eq(projects.orgId, orgId), afterId, limit),
  )) {
    const keys = await readAttachmentKeys(
      deps.db,
      batch.map((row) => row.id),
    );
    for (const row of batch) {
      const key = keys.get(row.id);
      zip.addReadStreamLazy(attachmentEntryName(row), { mtime, compress: false }, (callback) => {
        if (!key) return callback(null, Readable.from([]));
        deps.files.get(key).then(
          (body) => callback(null, body ?? Readable.from([])),
          (error: unknown) => callback(error as Error, Readable.from([])),
        );
      });
    }
  }
}
