import { describe, expect, it } from 'vitest';
import { detectDelimiter, readImportCsv } from './read-import-csv';

describe('readImportCsv', () => {
  it('reads quoted commas and line breaks, numbering rows as a spreadsheet does', async () => {
    const file = await readImportCsv(
      '\uFEFFtitle,description,created\r\n"a, b","two\nlines",x\r\n\r\nc,,\r\n',
    );
    expect([...file.columns]).toEqual(['title', 'description']);
    expect(file.rows).toEqual([
      { row: 2, cells: { title: 'a, b', description: 'two\nlines' } },
      { row: 3, cells: { title: 'c', description: '' } },
    ]);
  });

  it('detects semicolon and tab separated headers', () => {
    expect(detectDelimiter('title;url;status\n1,2;3')).toBe(';');
    expect(detectDelimiter('title\turl')).toBe('\t');
    expect(detectDelimiter('title')).toBe(',');
  });

  it('refuses a file without a title column or with broken quoting', async () => {
    await expect(readImportCsv('url\n/a')).rejects.toThrow(/must be "title"/);
    await expect(readImportCsv('title\n"open')).rejects.toThrow(/^The file is not valid CSV/);
  });
});
