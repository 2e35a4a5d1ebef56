// Issue 28: how far the search walks the newest items before asking the GIN index, chosen from
// the search column's statistics (decision 0094).
import { sql, type SQL } from 'drizzle-orm';

/**
 * How many of a project's newest items the search walks for a query the statistics call frequent
 * ({@link isFrequentQuery}): enough to find its 500 newest matches even when the newest few
 * thousand items lack the word (a word of the old items only), few enough to cost ~10 ms when it
 * finds too few after all and the index is asked too. Otherwise the walk reads 1,000.
 */
export const FREQUENT_WINDOW = 20_000;

/** Share of documents a lexeme must be in for {@link isFrequentQuery}. */
const FREQUENT_SHARE = 0.05;

/**
 * Whether `query` can be satisfied by lexemes each in at least {@link FREQUENT_SHARE} of all
 * search documents, by the column's statistics (ANALYZE's most common elements): the query is
 * tested against a document holding just those lexemes. PostgreSQL's own estimate of a prefix
 * (`record:*`) is a fixed 2 % whatever it matches, so the planner cannot tell a word in 90 % of
 * the items from one in 1 % (decision 0094). A phrase, an AND of frequent words or an exclusion
 * may still match fewer; then the window finds too few and the index is asked, as before.
 */
export function isFrequentQuery(query: SQL): SQL {
  return sql`coalesce((select array_to_tsvector(array_agg(u.lexeme)) @@ ${query}
    from pg_stats s,
      unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(lexeme, share)
    where s.schemaname = current_schema() and s.tablename = 'item_search'
      and s.attname = 'document' and u.lexeme is not null and u.share >= ${sql.raw(String(FREQUENT_SHARE))}), false)`;
}
