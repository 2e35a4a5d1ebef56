import type { TExportItem } from '@waymark/core';
import { stringify } from 'csv-stringify/sync';
import { neutralizeFormula } from '../../http/csv-cell';

export { neutralizeFormula };

/** The export formats (issue 28). */
export type ExportFormat = 'csv' | 'json' | 'markdown';

/** The columns of a CSV or Markdown export, named as the import reads them back. */
export const EXPORT_COLUMNS: readonly [string, (item: TExportItem) => string][] = [
  ['external id', (item) => `waymark-${item.itemId}`],
  ['url', (item) => item.relativePath],
  ['title', (item) => item.title],
  ['type', (item) => item.itemTypeDescription],
  ['status', (item) => item.itemStatusDescription],
  ['description', (item) => item.descriptionHtml],
  ['tags', (item) => item.tags.join(', ')],
  ['assignee', (item) => item.assignee?.fullName ?? ''],
  ['assignee email', (item) => item.assigneeEmail ?? ''],
  ['release', (item) => item.releaseTitle ?? ''],
  ['author', (item) => item.author?.fullName ?? ''],
  ['created', (item) => item.createdAt],
  ['updated', (item) => item.updatedAt],
];

/** CSV rows of a batch (RFC 4180 quoting by csv-stringify), formulas neutralised. */
export function csvRows(items: TExportItem[]): string {
  return stringify(
    items.map((item) => EXPORT_COLUMNS.map(([, cell]) => neutralizeFormula(cell(item)))),
    { record_delimiter: '\r\n' },
  );
}

/** The CSV's start: a UTF-8 byte order mark (so Excel reads UTF-8) and the header row. */
export function csvHead(): string {
  return `\uFEFF${stringify([EXPORT_COLUMNS.map(([name]) => name)], { record_delimiter: '\r\n' })}`;
}

// Pipes would end a cell and line breaks a row; HTML-looking text is shown as written.
const markdownCell = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))
    .replace(/\r?\n/g, ' ');

// A Markdown table is read, not re-imported: no HTML description, no e-mail column.
const MARKDOWN_COLUMNS = EXPORT_COLUMNS.filter(
  ([name]) => name !== 'description' && name !== 'assignee email',
);

/** The Markdown table's head. */
export function markdownHead(projectName: string): string {
  const names = MARKDOWN_COLUMNS.map(([name]) => name);
  return `# ${markdownCell(projectName)}\n\n| ${names.join(' | ')} |\n|${names.map(() => ' --- |').join('')}\n`;
}

/** Markdown table rows of a batch. */
export function markdownRows(items: TExportItem[]): string {
  return items
    .map(
      (item) => `| ${MARKDOWN_COLUMNS.map(([, cell]) => markdownCell(cell(item))).join(' | ')} |\n`,
    )
    .join('');
}
