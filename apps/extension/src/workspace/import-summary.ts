import type { TImportAction, TImportItemsResult, TImportRowResult } from '@waymark/core';

/** How each outcome reads in the dry run (future) and after the import (past). */
const WORDS: Record<TImportAction, { dry: string; done: string }> = {
  create: { dry: 'to create', done: 'created' },
  update: { dry: 'to update', done: 'updated' },
  unchanged: { dry: 'unchanged', done: 'unchanged' },
  refused: { dry: 'with problems (skipped)', done: 'skipped' },
};

const COUNTS: [TImportAction, keyof TImportItemsResult][] = [
  ['create', 'created'],
  ['update', 'updated'],
  ['unchanged', 'unchanged'],
  ['refused', 'refused'],
];

/** One line for a result: "3 to create, 1 with problems (skipped)"; zero counts left out. */
export function summarizeImport(result: TImportItemsResult): string {
  const parts = COUNTS.flatMap(([action, field]) => {
    const n = result[field] as number;
    if (n === 0) return [];
    return [`${n} ${WORDS[action][result.dryRun ? 'dry' : 'done']}`];
  });
  return parts.length > 0 ? parts.join(', ') : 'The file has no rows.';
}

/** The outcome of one row as its table cell reads. */
export function actionLabel(row: TImportRowResult, dryRun: boolean): string {
  return {
    create: dryRun ? 'Will be created' : 'Created',
    update: dryRun ? 'Will be updated' : 'Updated',
    unchanged: 'Unchanged',
    refused: 'Skipped',
  }[row.action];
}

/** How many rows a real import would write (created or updated). */
export function rowsToWrite(result: TImportItemsResult): number {
  return result.created + result.updated;
}

/**
 * The rows the results table shows: the refused ones first (what needs fixing), then the rest
 * in file order, at most `limit` (a 10,000-row file is summarised, not drawn).
 */
export function rowsToShow(
  result: TImportItemsResult,
  onlyProblems: boolean,
  limit: number,
): { rows: TImportRowResult[]; hidden: number } {
  const refused = result.rows.filter((row) => row.action === 'refused');
  const rest = onlyProblems ? [] : result.rows.filter((row) => row.action !== 'refused');
  const all = [...refused, ...rest];
  return { rows: all.slice(0, limit), hidden: Math.max(0, all.length - limit) };
}
