import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';

/** How a project's live events are recorded: at each statement (before 0020) or at commit. */
export type LiveTriggerVariant = 'at statement' | 'at commit';

const LIVE_TRIGGERS = `select t.tgname as name, t.tgrelid::regclass::text as table_name,
    pg_get_triggerdef(t.oid) as definition
  from pg_trigger t join pg_proc p on p.oid = t.tgfoid
  where p.proname = 'waymark_record_live_event' and not t.tgisinternal`;

/**
 * Rewrites the live-event triggers of the bench's database as `variant` (issue 34's before and
 * after, compared in one run): the same triggers, as plain row triggers or as deferred constraint
 * triggers. One transaction, so the server never sees a table without its trigger.
 */
export async function useLiveTriggers(dataDir: string, variant: LiveTriggerVariant): Promise<void> {
  // Writes still finishing after a round hold locks the rewrite needs: a deadlock is retried.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await rewriteLiveTriggers(dataDir, variant);
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

async function rewriteLiveTriggers(dataDir: string, variant: LiveTriggerVariant): Promise<void> {
  const client = new pg.Client(embeddedDatabaseUrl(dataDir));
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ name: string; table_name: string; definition: string }>(
      LIVE_TRIGGERS,
    );
    for (const row of rows) {
      const plain = row.definition
        .replace('CREATE CONSTRAINT TRIGGER', 'CREATE TRIGGER')
        .replace(' DEFERRABLE INITIALLY DEFERRED', '');
      const definition =
        variant === 'at statement'
          ? plain
          : plain
              .replace('CREATE TRIGGER', 'CREATE CONSTRAINT TRIGGER')
              .replace(' FOR EACH ROW', ' DEFERRABLE INITIALLY DEFERRED FOR EACH ROW');
      await client.query(`drop trigger ${row.name} on ${row.table_name}`);
      await client.query(definition);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
