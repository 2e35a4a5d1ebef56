/** The columns a CSV import reads (issue 28); the export writes them under these names. */
export const IMPORT_COLUMNS = [
  'externalId',
  'url',
  'title',
  'type',
  'status',
  'description',
  'tags',
  'assigneeEmail',
  'release',
] as const;
/** A column the import reads. */
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

// Header names people write for each column, compared lower-cased with spaces, "-" and "_" removed.
const HEADER_NAMES: Record<ImportColumn, readonly string[]> = {
  externalId: ['externalid', 'extid', 'key'],
  url: ['url', 'page', 'pageurl', 'path', 'pagepath'],
  title: ['title', 'summary', 'name'],
  type: ['type', 'itemtype'],
  status: ['status'],
  description: ['description', 'body', 'details'],
  tags: ['tags', 'tag', 'labels'],
  assigneeEmail: ['assigneeemail', 'assigneeemailaddress', 'assignee'],
  release: ['release', 'version', 'milestone'],
};

const squeeze = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * Which column each header cell is; a header the import does not read (author, created, …)
 * maps to null. When a file has both `assignee` (the export's name column) and `assignee email`,
 * the e-mail wins.
 */
export function mapHeader(headers: readonly string[]): (ImportColumn | null)[] {
  const taken = new Map<ImportColumn, number>();
  const mapped = headers.map((header) => {
    const name = squeeze(header);
    return IMPORT_COLUMNS.find((column) => HEADER_NAMES[column].includes(name)) ?? null;
  });
  mapped.forEach((column, index) => {
    if (column === null) return;
    const before = taken.get(column);
    const isEmail = squeeze(headers[index] ?? '').includes('email');
    if (before === undefined || (column === 'assigneeEmail' && isEmail)) {
      if (before !== undefined) mapped[before] = null;
      taken.set(column, index);
    } else mapped[index] = null;
  });
  return mapped;
}

// The export's CSV-injection guard (export-formats.ts) puts an apostrophe before these.
const NEUTRALISED_FORMULA = /^'[=+\-@\t\r]/;

/**
 * A cell as text: the apostrophe the export (or a spreadsheet) put before a formula-looking
 * value is taken off, so `'=1+1` imports as `=1+1`. Nothing in a cell is ever evaluated.
 */
export function cellText(cell: string): string {
  return NEUTRALISED_FORMULA.test(cell) ? cell.slice(1) : cell;
}
