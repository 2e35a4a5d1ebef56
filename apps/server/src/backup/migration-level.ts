import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths';

type JournalEntry = { idx: number; when: number; tag: string };
type Journal = { entries: JournalEntry[] } & Record<string, unknown>;

async function readJournal(migrationsFolder: string): Promise<Journal> {
  return JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
}

/** The tag of the committed migration applied at `when` ('' when this code does not know it). */
export async function migrationTag(
  when: number,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<string> {
  const journal = await readJournal(migrationsFolder);
  return journal.entries.find((entry) => entry.when === when)?.tag ?? '';
}

/**
 * Writes into `target` a migrations folder holding only the committed migrations up to `when`:
 * a restore first builds the schema the backup was taken at, loads the rows, then applies the
 * newer migrations as an upgrade would.
 */
export async function migrationsUpTo(
  when: number,
  target: string,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<void> {
  const journal = await readJournal(migrationsFolder);
  const entries = journal.entries.filter((entry) => entry.when <= when);
  await mkdir(path.join(target, 'meta'), { recursive: true });
  for (const entry of entries) {
    await copyFile(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(target, `${entry.tag}.sql`),
    );
  }
  await writeFile(
    path.join(target, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
}
