import { describe, expect, it } from 'vitest';
import { cellText, mapHeader } from './import-columns';

describe('import columns', () => {
  it('maps the export header and common spellings, ignoring what it does not read', () => {
    expect(
      mapHeader(['External ID', 'URL', 'title', 'Type', 'Status', 'Tags', 'Author', 'page_path']),
    ).toEqual(['externalId', 'url', 'title', 'type', 'status', 'tags', null, null]);
  });

  it("prefers the e-mail column over the export's assignee name column", () => {
    expect(mapHeader(['assignee', 'assignee email'])).toEqual([null, 'assigneeEmail']);
    expect(mapHeader(['assignee e-mail', 'assignee'])).toEqual(['assigneeEmail', null]);
  });

  it('takes back the apostrophe the export put before a formula, and only that', () => {
    expect(cellText("'=1+1")).toBe('=1+1');
    expect(cellText("'@SUM(A1)")).toBe('@SUM(A1)');
    expect(cellText("'quoted'")).toBe("'quoted'");
    expect(cellText('=1+1')).toBe('=1+1');
  });
});
