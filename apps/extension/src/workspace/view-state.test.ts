import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  filterOf,
  formatView,
  parseView,
  savedStateOf,
  viewOfSaved,
} from './view-state';

describe('workspace view in the address', () => {
  it('round-trips every part of a view', () => {
    const view = {
      ...DEFAULT_VIEW,
      orgId: 2,
      projectId: 3,
      text: '"leaves the page" -safari',
      itemStatusIds: [1, 2],
      itemTypeIds: [4],
      assigneeUserIds: [0, 7],
      releaseIds: [0],
      tags: ['a,b', 'ui'],
      pathPrefix: '/checkout',
      sort: { column: 'title', direction: 'asc' } as const,
      layout: 'board' as const,
      boardGroup: 'release' as const,
    };
    expect(parseView(formatView(view))).toEqual(view);
  });

  it('drops an unknown layout or board group from the address', () => {
    expect(parseView('?layout=gantt&group=author')).toEqual(DEFAULT_VIEW);
  });

  it('saves a view and opens it again on the same project, unknown columns left out', () => {
    const view = {
      ...DEFAULT_VIEW,
      orgId: 2,
      projectId: 3,
      text: 'safari',
      itemStatusIds: [1],
      sort: { column: 'status', direction: 'desc' } as const,
      layout: 'board' as const,
      boardGroup: 'assignee' as const,
    };
    const saved = savedStateOf(view, ['status', 'tags', 'gone', 'status']);
    expect(saved).toEqual({
      filter: { text: 'safari', itemStatusIds: [1] },
      sort: { column: 'status', direction: 'desc' },
      columns: ['status', 'tags'],
      layout: 'board',
      boardGroup: 'assignee',
    });
    expect(viewOfSaved({ orgId: 2, projectId: 3 }, saved)).toEqual(view);
  });

  it('leaves defaults out of the address', () => {
    expect(formatView({ ...DEFAULT_VIEW, projectId: 3 })).toBe('?project=3');
    expect(formatView(DEFAULT_VIEW)).toBe('');
  });

  it('drops what a hand-edited address gets wrong instead of failing', () => {
    expect(parseView('?project=-1&status=1,x,2.5,3&sort=password.up&assignee=0')).toEqual({
      ...DEFAULT_VIEW,
      itemStatusIds: [1, 3],
      assigneeUserIds: [0],
    });
    expect(parseView(`?status=0&q=${'x'.repeat(300)}`)).toMatchObject({
      itemStatusIds: [],
      text: 'x'.repeat(200),
    });
  });

  it("gives the server only a view's set filters", () => {
    expect(filterOf({ ...DEFAULT_VIEW, text: '  ', tags: ['ui'], pathPrefix: ' /a ' })).toEqual({
      tags: ['ui'],
      pathPrefix: '/a',
    });
  });
});
