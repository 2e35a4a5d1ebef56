// Issue 28: how far the search walks the newest items before asking the GIN index, chosen from
// the search column's statistics (decision 0094).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * How many of a project's newest items the search walks for a query the statistics call frequent
 * ({@link isFrequentQuery}): enough to find its 500 newest matches even when the newest few
 * thousand items lack the word (a word of the old items only), few enough to cost ~10 ms when it
 * finds too few after all and the index is asked too. Otherwise the walk reads 1,000.
 */
export const FREQUENT_WINDOW = 20_000;

/** Share of documents a lexeme must be in to count as frequent. */
const FREQUENT_SHARE = 0.05;

/** How long a pool keeps the frequent lexemes it read: statistics change at ANALYZE only. */
const KEPT_MS = 10 * 60_000;

/** Frequent lexemes as a tsvector's text each: of whole documents and of titles alone. */
export type FrequentLexemes = { document: string; title: string };

/**
 * The lexemes in at least {@link FREQUENT_SHARE} of the search documents, or of their titles
 * (`title`: the statistics of the title's expression index item_search_title_idx), as a
 * tsvector's text each, from ANALYZE's most common elements ('' without statistics). A word of
 * every document need not be in any title: the title matches' walk widens on the titles' own
 * (decision 0103).
 */
export async function readFrequentLexemes(db: Db): Promise<FrequentLexemes> {
  const { rows } = await db.execute<{ column: string; lexemes: string | null }>(sql`
    select s.tablename as column, array_to_tsvector(array_agg(u.lexeme))::text as lexemes
    from pg_stats s,
      unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(lexeme, share)
    where s.schemaname = current_schema()
      and ((s.tablename = 'item_search' and s.attname = 'document')
        or (s.tablename = 'item_search_title_idx' and s.attname = 'to_tsvector'))
      and u.lexeme is not null
      and u.share >= ${sql.raw(String(FREQUENT_SHARE))}
    group by s.tablename`);
  const of = (column: string) => rows.find((row) => row.column === column)?.lexemes ?? '';
  return { document: of('item_search'), title: of('item_search_title_idx') };
}

type Kept = { lexemes: FrequentLexemes; readAt: number; isReading: boolean };

const keptByDb = new WeakMap<Db, Kept>();

/**
 * The frequent lexemes as this pool last read them ('' before its first read), reading them
 * again in the background once they are {@link KEPT_MS} old: a search never waits for them, and
 * the view's planning (~2 ms) is paid every ten minutes, not by every search.
 */
export function frequentLexemes(db: Db): FrequentLexemes {
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = { lexemes: { document: '', title: '' }, readAt: -Infinity, isReading: false };
    keptByDb.set(db, kept);
  }
  const entry = kept;
  if (!entry.isReading && performance.now() - entry.readAt >= KEPT_MS) {
    entry.isReading = true;
    readFrequentLexemes(db)
      .then((lexemes) => (entry.lexemes = lexemes))
      // Unreadable (a restricted role, the database away): searched as if nothing were frequent.
      .catch(() => undefined)
      .finally(() => {
        entry.readAt = performance.now();
        entry.isReading = false;
      });
  }
  return entry.lexemes;
}

/**
 * Whether `query` can be satisfied by `lexemes` ({@link frequentLexemes}) alone: the query is
 * tested against a document holding just them, so AND, OR, prefixes and phrases are judged by
 * PostgreSQL's own matcher. PostgreSQL's estimate of a prefix (`record:*`) is a fixed 2 %
 * whatever it matches, so the planner cannot tell a word in 90 % of the items from one in 1 %
 * (decision 0094). A phrase, an AND of frequent words or an exclusion may still match fewer; then
 * the wide walk finds too few and the index is asked, as before.
 */
export function isFrequentQuery(lexemes: SQLWrapper, query: SQL): SQL {
  return sql`(${lexemes}::tsvector @@ ${query})`;
}
