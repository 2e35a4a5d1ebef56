import { sql, type SQL } from 'drizzle-orm';

/**
 * Wraps a SQL expression for a select list so that its columns stay table-qualified.
 *
 * Drizzle renders the columns at the top level of a select-list fragment without their table
 * when the query reads a single table (pg-core `buildSelection`, `isSingleTable`). In a correlated
 * subquery that silently rebinds the outer column to the inner table: `projects.id` became the
 * inner `"id"`, and every project showed the first customer's domain as its base URL (issue 9).
 * Nested fragments are rendered normally, so wrapping once keeps every column qualified.
 * Use it for every `sql` expression in a `.select({...})` that names a column.
 */
export function selectExpression<T>(expression: SQL<T>): SQL<T> {
  return sql<T>`${expression}`;
}
