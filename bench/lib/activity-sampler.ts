import pg from 'pg';
import { embeddedDatabaseUrl } from '../../scripts/lib/start-server.mjs';

/** What the database's connections were doing, averaged over the samples of one phase. */
export type ActivityProfile = {
  samples: number;
  /** Average number of the server's connections per `state · wait` (e.g. `active · Lock:advisory`). */
  byState: Map<string, number>;
  /** Average number of active connections per statement kind (first words of the query). */
  byStatement: Map<string, number>;
};

/** A running sampler of `pg_stat_activity`; `stop()` ends it and gives the averages. */
export type ActivitySampler = { stop: () => Promise<ActivityProfile> };

const INTERVAL_MS = 100;

/** The first words of a statement: enough to tell a search's three statements and a write's apart. */
export function statementKind(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim().toLowerCase();
  if (text.startsWith('select (websearch_to_tsquery') || text.includes('::text as query'))
    return 'search: resolve tsquery';
  if (text.includes('ts_headline')) return 'search: highlight';
  if (text.includes('ts_rank')) return 'search: rank';
  return text.split(' ').slice(0, 3).join(' ');
}

function add(map: Map<string, number>, key: string, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/**
 * Samples the server's connections in `pg_stat_activity` of the bench's embedded database every
 * 100 ms on a connection of its own (left out of the counts), so a phase shows where requests
 * wait: for a lock, for the client (idle in transaction: the server has not sent the next
 * statement), or running.
 */
export async function sampleActivity(dataDir: string): Promise<ActivitySampler> {
  const client = new pg.Client(embeddedDatabaseUrl(dataDir));
  await client.connect();
  const byState = new Map<string, number>();
  const byStatement = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ state: string; wait: string | null; query: string }>(
        // A wait for an object lock names the object: `(pg_database 0)` is the lock a
        // transaction that sent NOTIFY holds from its commit until the commit is flushed.
        `select a.state, a.wait_event_type || ':' || a.wait_event
           || coalesce(' (' || l.classid::regclass::text || ' ' || l.objid || ')', '') as wait,
           a.query
         from pg_stat_activity a left join lateral (select classid, objid from pg_locks
           where pid = a.pid and not granted and locktype = 'object' limit 1) l on true
         where a.datname = current_database() and a.pid <> pg_backend_pid()
           and a.backend_type = 'client backend'`,
      );
      samples += 1;
      for (const row of rows) {
        add(byState, `${row.state} · ${row.wait ?? 'running'}`, 1);
        if (row.state === 'active') add(byStatement, statementKind(row.query), 1);
      }
      await new Promise((done) => setTimeout(done, INTERVAL_MS));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      await client.end();
      const average = (map: Map<string, number>) =>
        new Map(
          [...map]
            .map(([key, count]) => [key, count / Math.max(1, samples)] as const)
            .sort((a, b) => b[1] - a[1]),
        );
      return { samples, byState: average(byState), byStatement: average(byStatement) };
    },
  };
}

/** The two averages as Markdown lines (the ten largest of each, ≥ 0.05 connections). */
export function formatActivity(name: string, profile: ActivityProfile): string[] {
  const top = (map: Map<string, number>) =>
    [...map]
      .filter(([, count]) => count >= 0.05)
      .slice(0, 10)
      .map(([key, count]) => `\`${key}\` ${count.toFixed(2)}`)
      .join(', ');
  return [
    `- *${name}* (${profile.samples} samples of \`pg_stat_activity\`, average connections): by state · wait event: ${top(profile.byState) || 'none'}; active, by statement: ${top(profile.byStatement) || 'none'}.`,
  ];
}
