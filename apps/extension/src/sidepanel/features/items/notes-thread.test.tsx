// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../../../test/fake-chrome-api';
import { renderPage } from '../../../test/render-page';
import { ITEM_THREAD_PAGE_SIZE, type TItemNote } from '@waymark/core';
import { NotesThread } from './notes-thread';

const PEOPLE = [
  { userId: 5, fullName: 'Bea Baker', email: 'bea@shop.test' },
  { userId: 6, fullName: 'Ben Bold', email: 'ben@shop.test' },
  { userId: 7, fullName: 'Dana Dale', email: 'dana@shop.test' },
];

/** Renders the thread of item 9 (project 3) with the worker's API calls answered by `answer`. */
function renderThread(
  answer: (route: string, input: unknown) => unknown,
  isAdmin: boolean,
  thread: { notes: TItemNote[]; noteCount: number; hasEarlier: boolean } = {
    notes: [],
    noteCount: 0,
    hasEarlier: false,
  },
) {
  const fake = createFakeChrome();
  const calls: { route: string; input: unknown }[] = [];
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type, payload } = message as {
      type: string;
      payload: { route: string; input: unknown };
    };
    if (type !== 'callApi') return Promise.resolve({ ok: true, value: undefined });
    calls.push(payload);
    return Promise.resolve({ ok: true, value: answer(payload.route, payload.input) });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <NotesThread
        itemId={9}
        projectId={3}
        access={{ orgId: 1, isAdmin }}
        {...thread}
        canAdd
        onChanged={() => undefined}
      />
    </QueryClientProvider>,
    fake,
  );
  return calls;
}

const answers = (route: string) => {
  if (route === 'getAssigneeOptions') return PEOPLE;
  if (route === 'whoami') return { userId: 1, email: 'ada@shop.test' };
  if (route === 'addItemNote')
    return {
      noteId: 1,
      text: 'x',
      authorName: 'Ada',
      authorUserId: 1,
      createdAt: '2026-03-10T12:00:00.000Z',
      editedAt: null,
      mentions: [],
      mentionsWithoutAccess: [{ userId: 7, fullName: 'Dana Dale' }],
    };
  if (route === 'addProjectAccess') return 'ok';
  return null;
};

/** Types `text` with the caret at its end, as a keyboard would. */
function type(box: HTMLElement, text: string) {
  fireEvent.change(box, { target: { value: text, selectionStart: text.length } });
}

describe('NotesThread mentions', () => {
  it('picks people with the keyboard and sends them as mention tokens', async () => {
    const calls = renderThread(answers, false);
    const box = screen.getByRole('textbox', { name: /Add a note/ });
    await waitFor(() =>
      expect(calls.some((call) => call.route === 'getAssigneeOptions')).toBe(true),
    );
    type(box, 'Please @b');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Bea Bakerbea@shop.test',
      'Ben Boldben@shop.test',
    ]);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box).toHaveProperty('value', 'Please @Ben Bold ');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    type(box, 'Please @Ben Bold and @dana');
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'addItemNote')?.input).toEqual({
        body: { itemId: 9, text: 'Please @[user:6] and @[user:7] ' },
      }),
    );
    // Dana cannot see the project: the author is told; a member cannot grant access.
    expect((await screen.findByRole('status')).textContent).toContain(
      'Dana Dale cannot see this project, so was not told. An administrator',
    );
    expect(screen.queryByRole('button', { name: /Give Dana Dale access/ })).toBeNull();
  });

  it('lets an admin give the unreached person the project in one click', async () => {
    const calls = renderThread(answers, true);
    type(screen.getByRole('textbox', { name: /Add a note/ }), 'Hi');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Give Dana Dale access to this project' }),
    );
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(calls.find((call) => call.route === 'addProjectAccess')?.input).toEqual({
      params: { orgId: 1, userId: 7 },
      body: { projectIds: [3] },
    });
  });
});

/** Note `noteId` as the API answers it. */
const noteOf = (noteId: number): TItemNote => ({
  noteId,
  text: `note ${noteId}`,
  authorName: 'Ada',
  authorUserId: 2,
  createdAt: '2026-03-10T12:00:00.000Z',
  editedAt: null,
  mentions: [],
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => noteOf(from + index));

describe('NotesThread of a long conversation (decision 0138)', () => {
  it('reads earlier notes a page at a time, on request, until the first', async () => {
    // 250 notes: the item brings the newest 100 (151–250); pages of 100 go back to note 1.
    const calls = renderThread(
      (route, input) => {
        if (route !== 'getItemNotes') return answers(route);
        const beforeId = Number((input as { query: { beforeId: string } }).query.beforeId);
        return range(Math.max(1, beforeId - ITEM_THREAD_PAGE_SIZE), beforeId - 1);
      },
      false,
      { notes: range(151, 250), noteCount: 250, hasEarlier: true },
    );
    expect(screen.getByRole('heading', { name: 'Notes (250)' })).toBeTruthy();
    expect(calls.some((call) => call.route === 'getItemNotes')).toBe(false);
    const texts = () => screen.getAllByText(/^note \d+$/).map((node) => node.textContent);
    expect(texts()).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier notes' }));
    await waitFor(() => expect(texts()).toHaveLength(200));
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier notes' }));
    await waitFor(() => expect(texts()).toHaveLength(250));
    expect(texts()).toEqual(range(1, 250).map((note) => note.text));
    expect(screen.queryByRole('button', { name: 'Show earlier notes' })).toBeNull();
    expect(calls.filter((call) => call.route === 'getItemNotes').map((call) => call.input)).toEqual(
      [
        { params: { itemId: 9 }, query: { beforeId: '151' } },
        { params: { itemId: 9 }, query: { beforeId: '51' } },
      ],
    );
  });

  it('offers nothing more when the item holds every note', () => {
    renderThread(answers, false, { notes: range(1, 3), noteCount: 3, hasEarlier: false });
    expect(screen.queryByRole('button', { name: 'Show earlier notes' })).toBeNull();
  });
});
