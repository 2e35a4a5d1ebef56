// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import {
  FEATURES,
  getPlan,
  PLAN_IDS,
  type Feature,
  type TItemSummary,
  type TPageItems,
} from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { makeItemDetail, makeItemSummary } from '../../../test/item-summary';
import { renderPagePanel } from '../../../test/render-page-panel';

function summary(itemId: number, title: string, overrides: Partial<TItemSummary> = {}) {
  return makeItemSummary({ itemId, title, projectId: 3, relativePathId: 8, ...overrides });
}

const renderPanel = renderPagePanel;

const NO_PROJECT: TPageItems = {
  projects: [],
  projectId: null,
  relativePath: null,
  relativePathId: null,
  items: [],
  planFeatures: [],
};

describe('PagePanel', () => {
  it("lists the page's items under its project and path, and filters them", async () => {
    renderPanel(() => ({
      projects: [
        {
          projectId: 3,
          projectName: 'Shop',
          orgId: 1,
          baseUrl: 'https://shop.example.com',
          relativePath: '/checkout',
        },
      ],
      projectId: 3,
      relativePath: '/checkout',
      relativePathId: 8,
      items: [
        summary(1, 'Pay by card'),
        summary(2, 'Total rounds wrong', { itemTypeId: 3, itemTypeDescription: 'Bug' }),
      ],
    }));
    expect((await screen.findByTestId('relative-path')).textContent).toBe('/checkout');
    expect(screen.getByText(/^Items on this page/).textContent).toBe('Items on this page (2)');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    fireEvent.change(await screen.findByLabelText('Type'), { target: { value: '3' } });
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Total rounds wrong'),
    ]);
  });

  it('searches the whole project on the server and shows where each result lives', async () => {
    const searches: unknown[] = [];
    renderPanel((route, input) => {
      if (route === 'searchItems') {
        searches.push(input);
        return [
          {
            ...summary(5, 'Refund policy', { relativePath: '/help/refunds' }),
            match: {
              title: [{ text: 'Refund policy', hit: false }],
              snippet: [
                { text: 'Customers ', hit: false },
                { text: 'refunded', hit: true },
                { text: ' <b>twice</b>', hit: false },
              ],
            },
          },
        ];
      }
      return { ...NO_PROJECT, projects: [], projectId: 3, relativePath: '/checkout', items: [] };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Filter' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Whole project' }));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'refund' } });
    expect((await screen.findByRole('button', { name: 'Refund policy' })).textContent).toContain(
      '/help/refunds',
    );
    expect(searches.at(-1)).toEqual({ body: { projectId: 3, text: 'refund' } });
    const snippet = screen.getByTestId('search-snippet');
    expect(snippet.textContent).toBe('Customers refunded <b>twice</b>');
    expect([...snippet.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'refunded',
    ]);
    expect(snippet.querySelector('b')).toBeNull();
  });

  it('creates a project for a site in none, asking for access to that site only', async () => {
    let created: unknown = null;
    const fake = renderPanel((route, input) => {
      if (route === 'createProject') {
        created = input;
        return { projectId: 3, projectName: 'Shop', baseUrl: 'https://shop.example.com', orgId: 1 };
      }
      return NO_PROJECT;
    });
    await screen.findByRole('heading', { name: 'This site is in no project' });
    expect(screen.queryByRole('form', { name: 'Add this site to a project' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Project name/), { target: { value: 'Shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create a project for this site' }));
    expect(fake.api.permissions.request).toHaveBeenCalledWith(['https://shop.example.com/*']);
    await vi.waitFor(() =>
      expect(created).toEqual({
        body: { orgId: 1, projectName: 'Shop', baseUrl: 'https://shop.example.com' },
      }),
    );
  });

  it("explains a plan limit with the server's words and the way to the account page", async () => {
    const fake = renderPanel((route) => {
      if (route === 'createProject')
        throw Object.assign(new Error('Your plan (Free) allows 1 project.'), {
          code: 'PLAN_LIMIT',
        });
      return NO_PROJECT;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create a project for this site' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your plan (Free) allows 1 project.');
    // At once, as the alert appears: the link must not wait for its own read of the address.
    fireEvent.click(screen.getByRole('button', { name: 'account page' }));
    await vi.waitFor(() =>
      expect(fake.api.tabs.create).toHaveBeenCalledWith({
        url: 'http://localhost:8080/client/app/account',
        active: true,
      }),
    );
  });
});

/** A page of project 3 with one item, on a plan with `planFeatures`. */
function pageOn(planFeatures: readonly Feature[]): TPageItems {
  return {
    ...NO_PROJECT,
    projectId: 3,
    relativePath: '/checkout',
    items: [summary(1, 'Pay by card')],
    planFeatures: [...planFeatures],
  };
}

/** Answers the item form's option lists; null for any other route. */
function answerOptions(route: string): unknown {
  if (route === 'getItemTypeOptions') return [{ itemTypeId: 1, itemTypeDescription: 'User Story' }];
  if (route === 'getStatusOptions') return [{ itemStatusId: 1, itemStatusDescription: 'Open' }];
  if (route === 'getReleaseOptions') return [{ releaseId: 4, releaseTitle: 'R1', projectId: 3 }];
  if (route === 'getAssigneeOptions') return [];
  return null;
}

const DETAIL = makeItemDetail(summary(1, 'Pay by card', { tags: ['legacy'] }), {
  notes: [
    {
      noteId: 1,
      text: 'Written on Trial',
      authorName: 'Ada',
      createdAt: '2026-11-01T00:00:00Z',
      authorUserId: null,
      editedAt: null,
      mentions: [],
    },
  ],
});

describe('PagePanel on a plan without the item features (spec §9)', () => {
  it('disables tags, release and links with a note leading to the plans, and sends none', async () => {
    let created: unknown = null;
    renderPanel((route, input) => {
      if (route === 'getPageItems') return pageOn(getPlan(PLAN_IDS.free).features);
      if (route === 'createItem') {
        created = input;
        return DETAIL;
      }
      if (route === 'getItem') return DETAIL;
      return answerOptions(route);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    const tags = await screen.findByLabelText<HTMLInputElement>('Tags');
    expect(tags.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Release').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>('External links').disabled).toBe(true);
    // Links once the server's address is read (the form itself is a lazy chunk).
    const notes = await screen.findAllByRole('link', { name: 'Available on Basic and higher' });
    expect(notes.map((link) => link.getAttribute('href'))).toEqual(
      Array(3).fill('http://localhost:8080/client/home/plans-pricing'),
    );
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Pay by card' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create item' }));
    await vi.waitFor(() => expect(created).not.toBeNull());
    // No tags, releaseId or externalUrls: the server would refuse them on this plan.
    expect(Object.keys((created as { body: object }).body).sort()).toEqual(
      [
        'assigneeUserId',
        'descriptionHtml',
        'itemStatusId',
        'itemTypeId',
        'projectId',
        'relativePath',
        'title',
      ].sort(),
    );
    // The detail still shows what was recorded before, but offers no note box or linking.
    const detail = await screen.findByRole('article', { name: 'Item' });
    await vi.waitFor(() => expect(detail.textContent).toContain('Written on Trial'));
    expect(detail.textContent).toContain('legacy');
    expect(screen.queryByLabelText('Add a note')).toBeNull();
    expect(screen.queryByLabelText('Link an item')).toBeNull();
    expect(screen.getByTestId('plan-gate-notes').textContent).toBe('Available on Basic and higher');
    expect(screen.getByTestId('plan-gate-relatedItems').textContent).toBe(
      'Available on Basic and higher',
    );
  });

  it('opens the new-item form on its title, first and focused, and saves it with Ctrl+Enter', async () => {
    let created: unknown = null;
    renderPanel((route, input) => {
      if (route === 'getPageItems') return pageOn(FEATURES);
      if (route === 'createItem') {
        created = input;
        return DETAIL;
      }
      if (route === 'getItem') return DETAIL;
      return answerOptions(route);
    });
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Add Item' }), { key: 'n' });
    const title = await screen.findByLabelText<HTMLInputElement>(/Title/);
    await vi.waitFor(() => expect(document.activeElement).toBe(title));
    const form = screen.getByRole('form', { name: 'Add Item' });
    const fields = [...form.querySelectorAll('input, select, textarea, [contenteditable]')];
    expect(fields.indexOf(title)).toBe(0);
    fireEvent.change(title, { target: { value: 'Pay by card' } });
    fireEvent.keyDown(title, { key: 'Enter', ctrlKey: true });
    await vi.waitFor(() => expect(created).not.toBeNull());
    expect((created as { body: { title: string } }).body.title).toBe('Pay by card');
  });

  it("shows the server's plan-limit message when a save is still refused", async () => {
    const refusal =
      'Tags are not included in the Free plan. Upgrade to Basic or higher to tag items.';
    renderPanel((route) => {
      if (route === 'getPageItems') return pageOn(FEATURES);
      if (route === 'createItem') throw Object.assign(new Error(refusal), { code: 'PLAN_LIMIT' });
      return answerOptions(route);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    const tags = await screen.findByLabelText<HTMLInputElement>('Tags');
    expect(tags.disabled).toBe(false);
    expect(screen.queryByText('Available on Basic and higher')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: 'Pay by card' } });
    fireEvent.change(tags, { target: { value: 'ui' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create item' }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
  });
});

describe('PagePanel in a closed organization (issue 33)', () => {
  it('shows the items and their detail with no write action, and `n` opens no form', async () => {
    const calls: string[] = [];
    renderPanel(
      (route) => {
        calls.push(route);
        if (route === 'getPageItems') return pageOn(FEATURES);
        if (route === 'getItem')
          return { ...DETAIL, notes: [{ ...DETAIL.notes[0], authorUserId: 7 }] };
        if (route === 'whoami') return { userId: 7 };
        if (route === 'getAttachments') return [];
        return answerOptions(route);
      },
      undefined,
      { isWritable: false },
    );
    await screen.findByRole('button', { name: 'Pay by card' });
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Item actions' })).toBeNull();
    fireEvent.keyDown(document.body, { key: 'n' });
    expect(screen.queryByLabelText(/Title/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    const detail = await screen.findByRole('article', { name: 'Item' });
    await vi.waitFor(() => expect(detail.textContent).toContain('Written on Trial'));
    for (const name of ['Edit', 'Delete', 'Edit note', 'Delete note'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByLabelText('Add a note')).toBeNull();
    expect(screen.queryByLabelText('Link an item')).toBeNull();
    // Not a plan limit: no "Available on …" note where the write actions were.
    expect(screen.queryByTestId('plan-gate-notes')).toBeNull();
    expect(calls).not.toContain('createItem');
  });

  it('the same panel in an open organization offers them (the test would pass on a blank panel otherwise)', async () => {
    renderPanel((route) => {
      if (route === 'getPageItems') return pageOn(FEATURES);
      if (route === 'getItem') return DETAIL;
      return answerOptions(route);
    });
    expect(await screen.findByRole('button', { name: 'Add Item' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    await screen.findByRole('article', { name: 'Item' });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeDefined();
    expect(await screen.findByLabelText('Add a note')).toBeDefined();
  });
});
