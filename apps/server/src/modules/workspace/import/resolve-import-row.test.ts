import { getPlan, PLAN_IDS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { descriptionHtmlOf, resolveImportRow, type ImportContext } from './resolve-import-row';

const context: ImportContext = {
  types: new Map([
    ['bug', 1],
    ['user story', 2],
  ]),
  statuses: new Map([['open', 5]]),
  releases: new Map([['r1', 9]]),
  assignees: new Map([['ada@example.test', 3]]),
  sites: [{ projectId: 1, baseUrl: 'https://shop.example.test' }],
  plan: getPlan(PLAN_IDS.pro),
};

describe('resolveImportRow', () => {
  it('turns names, e-mails and URLs into ids and a path with its query, ignoring case', () => {
    expect(
      resolveImportRow(
        {
          title: ' Pay ',
          url: 'https://shop.example.test/checkout/?utm=1#x',
          type: 'BUG',
          status: 'Open',
          tags: 'a, b, A',
          assigneeEmail: 'Ada@Example.test',
          release: 'R1',
        },
        context,
      ),
    ).toEqual({
      fields: {
        title: 'Pay',
        // The query stays for the project's URL rules to filter when the item is placed (issue 31).
        relativePath: '/checkout?utm=1',
        itemTypeId: 1,
        itemStatusId: 5,
        tags: ['a', 'b'],
        assigneeUserId: 3,
        releaseId: 9,
      },
      errors: [],
    });
  });

  it('collects every problem of a row', () => {
    const result = resolveImportRow(
      { title: '', url: 'https://other.test/', type: 'Epic', assigneeEmail: 'Ada Admin' },
      context,
    );
    expect(result.errors).toEqual([
      'Enter a title.',
      "https://other.test/ is not on one of this project's sites (https://shop.example.test). Give a path such as /checkout or a URL on one of them.",
      '"Epic" is not a type of this organization. Known: bug, user story.',
      'Give the assignee\'s e-mail address, not "Ada Admin".',
    ]);
  });

  it('refuses what the plan lacks', () => {
    const free = { ...context, plan: getPlan(PLAN_IDS.free) };
    expect(resolveImportRow({ title: 'x', tags: 'ui', release: 'r1' }, free).errors).toHaveLength(
      2,
    );
    expect(resolveImportRow({ title: 'x', tags: '', release: '' }, free).errors).toEqual([]);
  });
});

describe('descriptionHtmlOf', () => {
  it('makes paragraphs of plain text, escaping it', () => {
    expect(descriptionHtmlOf('a <b>\nline\n\nnext')).toBe('<p>a &lt;b&gt;<br>line</p><p>next</p>');
  });

  it('keeps HTML as the export wrote it (the item service sanitises it)', () => {
    expect(descriptionHtmlOf('<p>x</p>')).toBe('<p>x</p>');
  });
});
