import { AppError, IMPORT_MAX_ROWS, IMPORT_TOO_MANY_ROWS_MESSAGE } from '@waymark/core';
import { CsvError, parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { cellText, mapHeader, type ImportColumn } from './import-columns';

/** One data row: its line number as a spreadsheet shows it and the cells of the read columns. */
export type ImportRow = {
  /** 2 for the first row under the header. */
  row: number;
  /** Only the columns the file has; cells trimmed, formula apostrophes removed. */
  cells: Partial<Record<ImportColumn, string>>;
};

/** A parsed import file. */
export type ImportFile = {
  /** The read columns the file has. */
  columns: Set<ImportColumn>;
  rows: ImportRow[];
};

const NO_TITLE_COLUMN =
  'The first row must name the columns, and one of them must be "title" (see the export for the others).';

/**
 * Parses a CSV import (csv-parse, RFC 4180: quoted cells may hold commas and line breaks; a BOM
 * is ignored; `;` or tab separated files from European spreadsheets are detected by the header).
 * Reads record by record from a stream, stopping at the row limit. Throws BAD_REQUEST naming the
 * line of malformed CSV, a missing title column, or more than IMPORT_MAX_ROWS rows.
 */
export async function readImportCsv(text: string): Promise<ImportFile> {
  const parser = Readable.from([text]).pipe(
    parse({
      bom: true,
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 200_000,
    }),
  );
  let header: (ImportColumn | null)[] | undefined;
  const rows: ImportRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = mapHeader(record);
        if (!header.includes('title')) throw new AppError('BAD_REQUEST', NO_TITLE_COLUMN);
        continue;
      }
      if (rows.length === IMPORT_MAX_ROWS)
        throw new AppError('BAD_REQUEST', IMPORT_TOO_MANY_ROWS_MESSAGE);
      rows.push({ row: rows.length + 2, cells: cellsOf(header, record) });
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof CsvError)
      throw new AppError('BAD_REQUEST', `The file is not valid CSV: ${error.message}`);
    throw error;
  }
  if (!header) throw new AppError('BAD_REQUEST', NO_TITLE_COLUMN);
  return {
    columns: new Set(header.filter((column): column is ImportColumn => column !== null)),
    rows,
  };
}

function cellsOf(
  header: readonly (ImportColumn | null)[],
  record: readonly string[],
): Partial<Record<ImportColumn, string>> {
  const cells: Partial<Record<ImportColumn, string>> = {};
  header.forEach((column, index) => {
    if (column !== null) cells[column] = cellText((record[index] ?? '').trim());
  });
  return cells;
}

/** The separator of the header line: the one of `,` `;` tab it holds most (comma on a tie). */
export function detectDelimiter(text: string): string {
  const end = text.search(/\r?\n/);
  const firstLine = end === -1 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map(
    (separator) => [separator, firstLine.split(separator).length] as const,
  );
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}
