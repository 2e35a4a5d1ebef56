import type { TExportItem } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { csvHead, csvRows, markdownRows, neutralizeFormula } from './export-formats';

const item = (overrides: Partial<TExportItem>): TExportItem => ({
  itemId: 7,
  projectId: 1,
  relativePathId: 1,
  relativePath: '/checkout',
  title: 'Pay',
  itemTypeId: 1,
  itemTypeDescription: 'Bug',
  itemStatusId: 1,
  itemStatusDescription: 'Open',
  tags: ['ui', 'pay'],
  assignee: null,
  releaseId: null,
  releaseTitle: null,
  noteCount: 0,
  updatedAt: '2026-11-02T00:00:00.000Z',
  author: { userId: 1, fullName: 'Ada Admin' },
  createdAt: '2026-11-01T00:00:00.000Z',
  descriptionHtml: '<p>Card refused</p>',
  assigneeEmail: null,
  ...overrides,
});

describe('export formats', () => {
  it('starts a CSV with a UTF-8 BOM and the header row', () => {
    expect(csvHead()).toBe(
      '\uFEFFexternal id,url,title,type,status,description,tags,assignee,assignee email,release,author,created,updated\r\n',
    );
  });

  it('neutralises formulas and quotes commas, quotes and line breaks', () => {
    for (const cell of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralizeFormula(cell)).toBe(`'${cell}`);
    expect(neutralizeFormula('a=1')).toBe('a=1');
    const row = csvRows([item({ title: '=HYPERLINK("http://evil")', releaseTitle: 'a,b\nc' })]);
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain('"a,b\nc"');
    expect(row.startsWith('waymark-7,/checkout,')).toBe(true);
  });

  it('escapes pipes, line breaks and angle brackets in Markdown cells', () => {
    expect(markdownRows([item({ title: 'a | b\n<script>' })])).toContain('a \\| b &lt;script&gt;');
  });
});
