import type { THighlighted, TItemSearchHit } from '@waymark/core';
import { and, desc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { itemSearch, itemTags, items, organizations, projects } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import { itemSummaryColumns, joinItemLookups } from './item-queries';
import { selectItemSummaries, toItemSummary } from './item-summaries';
import { endsInTypedWord } from './search-text';
import { preparedOnce } from './prepared-once';
import { FREQUENT_WINDOW, frequentLexemes, isFrequentQuery } from './search-frequency';

/** Filters of {@link searchItems}; each given one must hold. */
export type SearchItemsInput = {
  /** Full-text search (docs/workspace.md "Search syntax"). */
  text?: string | undefined;
  itemTypeId?: number | undefined;
  itemStatusId?: number | undefined;
  /** Has this tag, case-insensitive. */
  tag?: string | undefined;
  releaseId?: number | undefined;
  assigneeUserId?: number | undefined;
};

/** Most hits one text search answers: each gets its snippet highlighted. */
const HIT_LIMIT = 100;

/**
 * Most matches of each kind (title, anywhere) that one text search ranks: the newest ones.
 * Ranking reads every ranked item's whole document, so a word in every item of a 100,000-item
 * project would otherwise rank them all (decision 0049).
 */
const RANKED_CANDIDATES = 500;

/** The title's own tsvector: the expression of index item_search_title_idx (migration 0028). */
const titleDocument = sql`to_tsvector(${itemSearch.searchConfig}, ${itemSearch.title})`;

// Marks around matched words in ts_headline's output. Control characters: item text cannot hold
// them as markers, since they are removed from the text before it is highlighted.
const START = '\u0001';
const STOP = '\u0002';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}`;
const SNIPPET_OPTIONS = `${HEADLINE_OPTIONS}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/** The last quoted lexeme of a tsquery's text form ('' is a quote inside it). */
const LAST_LEXEME = "('(?:[^']|'')*')$";
/** That lexeme, matched as a prefix. */
const PREFIX_OF_LEXEME = '\\1:*';
/** Any quoted lexeme of a tsquery's text form, with its prefix mark if it has one. */
const TITLE_LEXEME = "('(?:[^']|'')*')(?::(\\*))?";
/**
 * That lexeme restricted to weight A: the document's title lexemes (migration 0017), at the
 * title's own positions, so a phrase or an exclusion means of the document what it means of the
 * title alone.
 */
const TITLE_LEXEME_OF_TITLE = '\\1:\\2A';

function hasTag(condition: SQL): SQL {
  return sql`exists (select 1 from ${itemTags} where ${itemTags.itemId} = ${items.id} and ${condition})`;
}

/**
 * The tsquery of `text`: web-search syntax (words in any form, "phrases", -exclusion, or) and,
 * when the text ends in a word being typed ({@link endsInTypedWord}), that word's lexeme — the
 * last one of the query's text form — matched as a prefix. The text form's lexemes are quoted
 * by PostgreSQL itself, so the rewrite cannot inject tsquery syntax.
 */
function tsqueryOf(text: Placeholder, prefix: boolean, language: SQLWrapper): SQL {
  const query = sql`websearch_to_tsquery(${language}, ${text})`;
  if (!prefix) return query;
  return sql`regexp_replace(${query}::text, ${LAST_LEXEME}, ${PREFIX_OF_LEXEME})::tsquery`;
}

/**
 * The condition "the item matches this search text" (full-text, as {@link searchItems}), for
 * other lists of a project's items such as the workspace's. The tsquery is resolved once, in its
 * own statement, and passed as a value (decision 0049): written as an expression it was parsed
 * again for every row it was tested against.
 */
export async function matchesSearchText(db: Db, projectId: number, text: string): Promise<SQL> {
  const queryText = await resolveTsquery(db, projectId, text);
  // Text of stop words or punctuation only is an empty query, which matches nothing.
  if (queryText === '') return sql`false`;
  return sql`${items.id} in (select ${itemSearch.itemId} from ${itemSearch}
    where ${itemSearch.projectId} = ${projectId} and ${itemSearch.document} @@ ${queryText}::tsquery)`;
}

/** ts_headline's output cut into runs at the markers. */
export function toRuns(headline: string): THighlighted {
  const runs: THighlighted = [];
  for (const [index, piece] of headline.split(START).entries()) {
    const [hit, rest] = index === 0 ? ['', piece] : splitOnce(piece, STOP);
    if (hit) runs.push({ text: hit, hit: true });
    if (rest) runs.push({ text: rest, hit: false });
  }
  return runs;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)];
}

/** Text with the markers removed, so user text never produces a highlight of its own. */
const unmarked = (column: SQLWrapper) => sql`translate(${column}, ${START + STOP}, '')`;

/**
 * The tsquery of `text` in the project's organization's language, as its text form. Resolved
 * first, on its own: written into the search as an expression over the language's subquery it
 * was parsed again for every row ranked or highlighted, and the planner could not estimate it
 * (decision 0049). A named prepared statement per shape (prefix or not), like the search's
 * own statement (decision 0080).
 */
async function resolveTsquery(db: Db, projectId: number, text: string): Promise<string> {
  const prefix = endsInTypedWord(text);
  const prepared = preparedOnce(db, `search_tsquery_${prefix ? 'prefix' : 'words'}`, (name) =>
    db
      .select({
        query: sql<
          string | null
        >`(${tsqueryOf(sql.placeholder('text'), prefix, organizations.searchLanguage)})::text`,
      })
      .from(projects)
      .innerJoin(organizations, eq(organizations.id, projects.orgId))
      .where(eq(projects.id, sql.placeholder('projectId')))
      .prepare(name),
  );
  const [row] = await prepared.execute({ projectId, text });
  return row?.query ?? '';
}

/** Most projects whose search language a pool keeps. */
const MAX_LANGUAGES = 10_000;

const languagesByDb = new WeakMap<Db, LRUCache<number, string>>();

/** The search languages of projects as last read, for this pool. */
function languagesOf(db: Db): LRUCache<number, string> {
  let languages = languagesByDb.get(db);
  if (!languages) {
    languages = new LRUCache({ max: MAX_LANGUAGES });
    languagesByDb.set(db, languages);
  }
  return languages;
}

/** Reads the project's organization's search language (a regconfig's text form). */
async function readLanguage(db: Db, projectId: number): Promise<string> {
  const prepared = preparedOnce(db, 'search_language', (name) =>
    db
      .select({ language: sql<string>`${organizations.searchLanguage}::text` })
      .from(projects)
      .innerJoin(organizations, eq(organizations.id, projects.orgId))
      .where(eq(projects.id, sql.placeholder('projectId')))
      .prepare(name),
  );
  const [row] = await prepared.execute({ projectId });
  const language = row?.language ?? 'english';
  languagesOf(db).set(projectId, language);
  return language;
}

/** What the search statement raises when the language it was given is no longer the project's. */
const LANGUAGE_CHANGED = 'search language changed';

/**
 * Whether the search can match at all, evaluated once before any candidate is looked for: its
 * language is still the project's organization's — otherwise an error naming
 * {@link LANGUAGE_CHANGED} (a failed cast: plain SQL has no other way to raise one; decision
 * 0085) — and the tsquery has words (stop words only match nothing). A `case`, not `and`: a query
 * folded to no words must not skip the language check.
 */
function searchableGuard(projectId: Placeholder, language: SQL, query: SQL): SQL {
  const languageHolds = sql`(select case when ${organizations.searchLanguage} = ${language} then true
    else cast(${organizations.searchLanguage}::text || ${`: ${LANGUAGE_CHANGED}`} as boolean) end
    from ${projects} join ${organizations} on ${organizations.id} = ${projects.orgId}
    where ${projects.id} = ${projectId})`;
  return sql`case when ${languageHolds} then numnode(${query}) > 0 end`;
}

/** Whether `error` is the {@link searchableGuard}'s language check's. */
function isLanguageChanged(error: unknown): boolean {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  return [error, cause].some(
    (candidate) => candidate instanceof Error && candidate.message.includes(LANGUAGE_CHANGED),
  );
}

/** How many of the project's newest items the first look for matches reads. */
const RECENT_WINDOW = 2 * RANKED_CANDIDATES;

/**
 * The newest {@link RANKED_CANDIDATES} items that pass the filters and whose document passes
 * `test`, among the project's newest `window` items, newest first: a walk backwards along the
 * primary keys, bounded below, that never asks an index about the words.
 */
function newestWalked(
  db: Db,
  projectId: Placeholder,
  filters: SQL | undefined,
  test: SQL,
  window: number,
) {
  const floor = sql`coalesce((select ${items.id} from ${items} where ${items.projectId} = ${projectId}
    order by ${items.id} desc offset ${sql.raw(String(window - 1))} limit 1), 0)`;
  return db
    .select({ itemId: items.id })
    .from(items)
    .innerJoin(itemSearch, eq(itemSearch.itemId, items.id))
    .where(
      and(
        filters,
        // One side bounded is enough: the merge join along both keys stops where this one
        // does. Bounding items too computed the floor a second time (decision 0099).
        sql`${itemSearch.itemId} >= ${floor}`,
        // Wrapped so that no index can answer it: the planner must walk the bounded keys.
        sql`coalesce(${test}, false)`,
      ),
    )
    .orderBy(desc(items.id))
    .limit(RANKED_CANDIDATES);
}

/**
 * The newest {@link RANKED_CANDIDATES} items that pass the filters among those a GIN index
 * finds (`matched`: ids of item_search rows), newest first. An array: fetched by primary key,
 * not merged along it (which walked it backwards again).
 */
function newestIndexed(db: Db, filters: SQL | undefined, matched: SQLWrapper) {
  return db
    .select({ itemId: items.id })
    .from(items)
    .where(and(filters, sql`${items.id} = any(array(${matched}))`))
    .orderBy(desc(items.id))
    .limit(RANKED_CANDIDATES);
}

/**
 * `walked`'s ids when they are {@link RANKED_CANDIDATES} (the window held enough), else
 * `otherwise`'s. `offset 0` keeps the walk's array one value: flattened, PostgreSQL ran the walk
 * once per use. `otherwise` is an uncorrelated sub-select in the other branch of a `case`, run
 * only when its value is first needed (decision 0069: one statement, not two).
 */
function walkedOr(walked: SQLWrapper, otherwise: SQL): SQL {
  return sql`(select case when cardinality(walked.ids) = ${RANKED_CANDIDATES} then walked.ids
    else ${otherwise} end from (select array(${walked}) as ids offset 0) as walked)`;
}

/**
 * The ids of the newest {@link RANKED_CANDIDATES} items that pass the filters and whose
 * **title** matches, newest first, found the way matches anywhere are ({@link
 * newestMatchesAnywhere}) so that one plan is right for every word (decision 0103): the walks
 * test the document's title lexemes (weight A, `titleQuery`), so no title is parsed; the wide
 * walk runs when the titles' own statistics call the query frequent; otherwise the title's own
 * GIN index (item_search_title_idx) finds them.
 */
function newestTitleMatches(
  db: Db,
  projectId: Placeholder,
  filters: SQL | undefined,
  query: SQL,
  titleQuery: SQL,
): SQL {
  const matched = db
    .select({ itemId: itemSearch.itemId })
    .from(itemSearch)
    .where(and(eq(itemSearch.projectId, projectId), sql`${titleDocument} @@ ${query}`));
  return newestBoundedOrIndexed(
    db,
    projectId,
    filters,
    sql`${itemSearch.document} @@ ${titleQuery}`,
    isFrequentQuery(sql.placeholder('frequentTitle'), query),
    matched,
  );
}

/**
 * The newest {@link RANKED_CANDIDATES} ids of the items that pass the filters and `test`: the
 * walk over the newest {@link RECENT_WINDOW}; when it finds too few and `frequent` holds, the
 * walk over the newest {@link FREQUENT_WINDOW}; when that one finds too few too, or the query is
 * not frequent, the newest of `matched` (an index's matches). Each step runs only when the one
 * before found too few.
 */
function newestBoundedOrIndexed(
  db: Db,
  projectId: Placeholder,
  filters: SQL | undefined,
  test: SQL,
  frequent: SQL,
  matched: SQLWrapper,
): SQL {
  const indexed = sql`array(${newestIndexed(db, filters, matched)})`;
  const walk = (window: number) => newestWalked(db, projectId, filters, test, window);
  const wideOrIndexed = walkedOr(walk(FREQUENT_WINDOW), indexed);
  return walkedOr(
    walk(RECENT_WINDOW),
    sql`case when ${frequent} then ${wideOrIndexed} else ${indexed} end`,
  );
}

/**
 * The ids of the newest {@link RANKED_CANDIDATES} items that pass the filters and match `query`
 * anywhere in their document, as an array expression whose cost is bounded either way (decision
 * 0064). PostgreSQL cannot estimate how many documents a prefix (`saf:*`) or phrase matches, and
 * walked the primary key backwards for a prefix in 1 % of the items: 49,401 documents tested to
 * find 500 (34–54 ms), where the GIN index finds all 1,000 in under 1 ms — but for a word in
 * every item the GIN index returns all 100,000 (~240 ms) where the walk stops after 500. So:
 * first the walk over the project's newest {@link RECENT_WINDOW} items only (its search key bounded
 * below, < 1 ms on 100,000 items); a word that fills the candidates there is done. When it does
 * not and the statistics call the query frequent ({@link isFrequentQuery}), a second walk reads
 * the newest {@link FREQUENT_WINDOW} (decision 0094). Otherwise it is in fewer than half of the
 * recent items, and the GIN index's matches are what to sort. The wide walk and the statistics
 * are asked only when the first walk found too few; a word in most of the newest items (most
 * searches of a frequent word) never pays for them.
 */
function newestMatchesAnywhere(
  db: Db,
  projectId: Placeholder,
  filters: SQL | undefined,
  query: SQL,
): SQL {
  const matches = sql`${itemSearch.document} @@ ${query}`;
  const matched = db
    .select({ itemId: itemSearch.itemId })
    .from(itemSearch)
    .where(and(eq(itemSearch.projectId, projectId), matches));
  const frequent = isFrequentQuery(sql.placeholder('frequent'), query);
  return newestBoundedOrIndexed(db, projectId, filters, matches, frequent, matched);
}

/**
 * One page of hits ({@link HIT_LIMIT}) in the answer's order — title matches first, then by
 * `ts_rank` over the whole document, then most recently changed — with their summaries and
 * highlighted matches, in ONE statement (each statement costs a round trip, a plan and, on a
 * loaded machine, a wait for a core). The candidates — the newest title matches (a CTE, used
 * twice) and the newest matches anywhere — are ranked in a subquery that ends in the page's
 * limit, so the summary's lookups (path, people, tags, note count) and ts_headline run for the
 * returned rows only. Whether a candidate's title matches is read from the title matches' list,
 * not by parsing its title again; when they fill the page, the others cannot be on it and are
 * not ranked at all (decision 0069).
 */
function prepareSearchPage(db: Db, name: string, prefix: boolean, filters: SQL | undefined) {
  const projectId = sql.placeholder('projectId');
  // Bound as a regconfig, every function of the tsquery is immutable; written as a scalar
  // sub-select it is computed once per execution (an InitPlan) and no plan depends on the words:
  // each shape's generic plan is right for every text (decision 0103), so the search pool keeps
  // one and skips ~3.5 ms of planning per search. Decision 0085 folded the words into a custom
  // plan instead, needed while the title matches came from whichever plan the words chose
  // (decision 0099).
  const language = sql`${sql.placeholder('language')}::regconfig`;
  const query = sql`(select ${tsqueryOf(sql.placeholder('text'), prefix, language)})`;
  const titleQuery = sql`(select regexp_replace(${tsqueryOf(sql.placeholder('text'), prefix, language)}::text,
    ${TITLE_LEXEME}, ${TITLE_LEXEME_OF_TITLE})::tsquery)`;
  const titled = db.$with('titled').as(
    db
      .select({
        itemId:
          sql<number>`unnest(${newestTitleMatches(db, projectId, filters, query, titleQuery)})`.as(
            'item_id',
          ),
      })
      .from(sql`(select 1) as one`),
  );
  const titledIds = sql`array(select ${titled.itemId} from ${titled})`;
  const anywhere = newestMatchesAnywhere(db, projectId, filters, query);
  // Behind the one-time guard: nothing is looked for when the search cannot match (a `where` on
  // the whole statement did the same but doubled its planning time).
  const candidates = sql`case when ${searchableGuard(projectId, language, query)} then
    case when cardinality(${titledIds}) >= ${HIT_LIMIT} then ${titledIds}
    else array(select unnest(${titledIds}) union select unnest(${anywhere})) end end`;
  const isTitled = sql<boolean>`${itemSearch.itemId} = any(${titledIds})`;
  const rank = sql<number>`ts_rank(${itemSearch.document}, ${query})`;
  const ranked = db
    .select({
      itemId: itemSearch.itemId,
      isTitled: isTitled.as('is_titled'),
      rank: rank.as('rank'),
    })
    .from(itemSearch)
    .innerJoin(items, eq(items.id, itemSearch.itemId))
    // An array, not `in (…)`: PostgreSQL then fetches the few candidates by primary key instead
    // of hashing every item of the project.
    .where(sql`${itemSearch.itemId} = any(${candidates})`)
    .orderBy(desc(isTitled), desc(rank), desc(items.updatedAt), desc(items.id))
    .limit(HIT_LIMIT)
    .as('ranked');
  const snippetText = sql`concat_ws(' … ', nullif(${itemSearch.body}, ''), nullif(${itemSearch.notes}, ''),
    nullif(${itemSearch.attachmentNames}, ''), nullif(${itemSearch.tags}, ''))`;
  return joinItemLookups(
    db
      .with(titled)
      .select({
        ...itemSummaryColumns,
        titleHeadline: sql<string>`ts_headline(${itemSearch.searchConfig}, ${unmarked(itemSearch.title)}, ${query},
          ${`${HEADLINE_OPTIONS}, HighlightAll=true`})`,
        snippetHeadline: sql<string>`ts_headline(${itemSearch.searchConfig}, ${unmarked(snippetText)}, ${query},
          ${SNIPPET_OPTIONS})`,
      })
      .from(ranked)
      .innerJoin(items, eq(items.id, ranked.itemId))
      .innerJoin(itemSearch, eq(itemSearch.itemId, ranked.itemId))
      .$dynamic(),
  )
    .orderBy(desc(ranked.isTitled), desc(ranked.rank), desc(items.updatedAt), desc(items.id))
    .prepare(name);
}

/** The filters a search can combine; each present one is a placeholder of the statement. */
const FILTERS = ['tag', 'itemTypeId', 'itemStatusId', 'releaseId', 'assigneeUserId'] as const;
type Filter = (typeof FILTERS)[number];

/** The condition of each filter on `value`: its placeholder, or its value in a plain list. */
const filterConditions: Record<Filter, (value: unknown) => SQL> = {
  tag: (value) => hasTag(sql`lower(${itemTags.tag}) = lower(${value})`),
  itemTypeId: (value) => sql`${items.itemTypeId} = ${value}`,
  itemStatusId: (value) => sql`${items.itemStatusId} = ${value}`,
  releaseId: (value) => sql`${items.releaseId} = ${value}`,
  assigneeUserId: (value) => sql`${items.assigneeUserId} = ${value}`,
};

/**
 * The search statement for this combination of filters, built and named once per pool: a named
 * prepared statement skips drizzle's building of its ~6 KB of SQL on every call and lets
 * PostgreSQL reuse its parse and, once it judges a generic plan as good, its plan (decision 0080).
 */
function preparedSearchPage(db: Db, prefix: boolean, present: Filter[]) {
  const name = `search_items_${prefix ? 'prefix' : 'words'}_${present.join('_') || 'unfiltered'}`;
  return preparedOnce(db, name, () =>
    prepareSearchPage(
      db,
      name,
      prefix,
      and(
        eq(items.projectId, sql.placeholder('projectId')),
        ...present.map((filter) => filterConditions[filter](sql.placeholder(filter))),
      ),
    ),
  );
}

/**
 * One page of hits for `text` in the project's search `language`, with the given filters: one
 * statement, one round trip (decision 0085).
 */
async function searchPage(
  db: Db,
  projectId: number,
  language: string,
  input: SearchItemsInput & { text: string },
): Promise<TItemSearchHit[]> {
  const present = FILTERS.filter((filter) => input[filter]);
  const values = Object.fromEntries(present.map((filter) => [filter, input[filter]]));
  const frequent = frequentLexemes(db);
  const rows = await preparedSearchPage(db, endsInTypedWord(input.text), present).execute({
    ...values,
    projectId,
    language,
    text: input.text,
    frequent: frequent.document,
    frequentTitle: frequent.title,
  });
  return rows.map(({ titleHeadline, snippetHeadline, ...summary }) => ({
    ...toItemSummary(summary),
    match: { title: toRuns(titleHeadline), snippet: toRuns(snippetHeadline) },
  }));
}

/**
 * Searches the project's items. With text: full-text search over the item_search documents
 * (migration 0017_workspace), title matches first, then by rank, at most {@link HIT_LIMIT}, each
 * with its matches highlighted. Only the newest {@link RANKED_CANDIDATES} title matches and
 * newest {@link RANKED_CANDIDATES} matches anywhere are ranked (decision 0049), the latter found
 * in at most two bounded statements (decision 0064); only they are ranked, and only the returned
 * page is summarised and highlighted (decision 0069). Without: most recently changed first, at
 * most 500.
 */
export async function searchItems(
  { db }: { db: Db },
  scope: ProjectScope,
  input: SearchItemsInput,
): Promise<TItemSearchHit[]> {
  if (!input.text) {
    const where = and(
      eq(items.projectId, scope.projectId),
      ...FILTERS.filter((filter) => input[filter]).map((filter) =>
        filterConditions[filter](input[filter]),
      ),
    );
    return (await selectItemSummaries(db, where)).map((item) => ({ ...item, match: null }));
  }
  const text = { ...input, text: input.text };
  const known = languagesOf(db).get(scope.projectId);
  const language = known ?? (await readLanguage(db, scope.projectId));
  try {
    return await searchPage(db, scope.projectId, language, text);
  } catch (error) {
    // The organization chose another language since it was read: read it again, once.
    if (known === undefined || !isLanguageChanged(error)) throw error;
    return searchPage(db, scope.projectId, await readLanguage(db, scope.projectId), text);
  }
}
