// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../test/expect-no-axe-violations';
import { createFakeChrome } from '../../../test/fake-chrome-api';
import { renderPage } from '../../../test/render-page';
import { DeclareTemplate } from './declare-template';

type Answer = { ok: true; value: unknown } | { ok: false; error: string; code: string };

/** Renders the action on `relativePath` of project 3, the worker's API calls answered by `answer`. */
function renderDeclare(relativePath: string, answer: (route: string, input: unknown) => Answer) {
  const fake = createFakeChrome();
  const calls: { route: string; body: unknown }[] = [];
  vi.mocked(fake.api.runtime.sendMessage).mockImplementation((message) => {
    const { type, payload } = message as {
      type: string;
      payload: { route: string; input: { body: unknown } };
    };
    if (type !== 'callApi') return Promise.resolve({ ok: true, value: undefined });
    calls.push({ route: payload.route, body: payload.input.body });
    return Promise.resolve(answer(payload.route, payload.input.body));
  });
  const onSaved = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <DeclareTemplate projectId={3} relativePath={relativePath} onSaved={onSaved} />
    </QueryClientProvider>,
    fake,
  );
  return { calls, onSaved };
}

const PREVIEW = {
  pattern: '/orders/:id',
  paths: [
    { relativePath: '/orders/1', itemCount: 2 },
    { relativePath: '/orders/2', itemCount: 1 },
  ],
};

describe('DeclareTemplate (issue 31, from the panel)', () => {
  it('is not offered where nothing in the path looks like an identifier', () => {
    const { calls } = renderDeclare('/settings/users', () => ({ ok: true, value: null }));
    expect(screen.queryByTestId('declare-template')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('proposes /orders/:id, previews what it absorbs, saves it with its name (axe clean)', async () => {
    const { calls, onSaved } = renderDeclare('/orders/1', (route) => {
      if (route === 'previewUrlTemplate') return { ok: true, value: PREVIEW };
      return { ok: true, value: { templateId: 7, pattern: '/orders/:id', name: 'Order page' } };
    });
    fireEvent.click(
      screen.getByRole('button', { name: 'Items here apply to every /orders/… page' }),
    );
    expect(screen.getByLabelText(/^Template/)).toHaveProperty('value', '/orders/:id');
    const list = await screen.findByTestId('absorbed-paths');
    expect(list.textContent).toBe('/orders/1 · 2 items/orders/2 · 1 item');
    await expectNoAxeViolations('declare template form');
    fireEvent.change(screen.getByLabelText('Name (optional)'), { target: { value: 'Order page' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      { route: 'previewUrlTemplate', body: { projectId: 3, pattern: '/orders/:id' } },
      {
        route: 'createUrlTemplate',
        body: { projectId: 3, pattern: '/orders/:id', name: 'Order page' },
      },
    ]);
  });

  it('an edited template is previewed again before it can be saved', async () => {
    const { calls } = renderDeclare('/orders/1/lines/4', (_route, body) => ({
      ok: true,
      value: { pattern: (body as { pattern: string }).pattern, paths: [] },
    }));
    fireEvent.click(screen.getByRole('button', { name: /every \/orders\/… page/ }));
    await screen.findByText('No known page matches it yet; pages you open later will.');
    fireEvent.change(screen.getByLabelText(/^Template/), { target: { value: '/orders/:id/*' } });
    expect(screen.queryByRole('button', { name: 'Save template' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('button', { name: 'Save template' });
    expect(calls.map((call) => call.body)).toEqual([
      { projectId: 3, pattern: '/orders/:id/lines/:lineId' },
      { projectId: 3, pattern: '/orders/:id/*' },
    ]);
  });

  it("shows the server's refusal under the field and cannot save it", async () => {
    const refusal = 'It matches exactly the same pages as /orders/:number, which is already saved.';
    const { calls, onSaved } = renderDeclare('/orders/1', () => ({
      ok: false,
      error: refusal,
      code: 'BAD_REQUEST',
    }));
    fireEvent.click(screen.getByRole('button', { name: /every \/orders\/… page/ }));
    expect(await screen.findByText(refusal)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Save template' })).toHaveProperty('disabled', true);
    await expectNoAxeViolations('declare template refused');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: /every \/orders\/… page/ })).toBeDefined();
    expect(onSaved).not.toHaveBeenCalled();
    expect(calls.map((call) => call.route)).toEqual(['previewUrlTemplate']);
  });
});
