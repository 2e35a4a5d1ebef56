// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError, routes, type RouteDef, type TUrlRules } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import {
  answerCalls,
  callsTo,
  renderAdminScreen,
  type FakeCallInput,
} from '../../../testing/render-admin-screen';
import { UrlRulesSection } from './url-rules-section';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

let rules: TUrlRules;

beforeEach(() => {
  call.mockReset();
  rules = {
    projectId: 10,
    hashRoutes: false,
    keptParams: ['tab'],
    templates: [{ templateId: 1, pattern: '/docs/*', name: 'Docs' }],
  };
  answerCalls(
    call,
    new Map<RouteDef, (input: FakeCallInput) => unknown>([
      [routes.getUrlRules, () => rules],
      [
        routes.previewUrlTemplate,
        ({ body }) => {
          if (body?.pattern === '/*')
            throw new AppError('BAD_REQUEST', '"/*" matches every page of the site.');
          return { pattern: '/orders/:id', paths: [{ relativePath: '/orders/1', itemCount: 2 }] };
        },
      ],
      [
        routes.createUrlTemplate,
        () => {
          rules = {
            ...rules,
            templates: [
              ...rules.templates,
              { templateId: 2, pattern: '/orders/:id', name: 'Order page' },
            ],
          };
          return rules.templates[1];
        },
      ],
      [routes.deleteUrlTemplate, () => 'Removed /docs/*: 0 items back on their pages.'],
      [routes.setUrlRules, ({ body }) => ({ ...rules, ...body })],
    ]),
  );
});

describe('UrlRulesSection', () => {
  it('lists templates, previews the pages one absorbs, then saves it (axe clean)', async () => {
    renderAdminScreen(<UrlRulesSection projectId={10} />);
    const list = await screen.findByRole('list', { name: 'URL templates' });
    expect(within(list).getByText('Docs (/docs/*)').textContent).toBe('Docs (/docs/*)');
    await userEvent.type(screen.getByRole('textbox', { name: 'Template' }), '/orders/:id');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Page name (optional)' }),
      'Order page',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const absorbed = await screen.findByRole('list', { name: 'Pages the template absorbs' });
    expect(within(absorbed).getByRole('listitem').textContent).toBe('/orders/1 — 2 items');
    await expectNoAxeViolations('URL rules with a preview');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(within(list).getByText('Order page (/orders/:id)').textContent).toBe(
        'Order page (/orders/:id)',
      ),
    );
    expect(callsTo(call, routes.createUrlTemplate)).toEqual([
      { body: { projectId: 10, pattern: '/orders/:id', name: 'Order page' } },
    ]);
    expect(
      screen.getByText('Saved /orders/:id: its pages now share their items.').textContent,
    ).toBe('Saved /orders/:id: its pages now share their items.');
  });

  it("shows the server's reason under the field when a template is refused", async () => {
    renderAdminScreen(<UrlRulesSection projectId={10} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Template' }), '/*');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByText('"/*" matches every page of the site.')).textContent).toBe(
      '"/*" matches every page of the site.',
    );
    expect(screen.queryByRole('button', { name: 'Save template' })).toBeNull();
    expect(callsTo(call, routes.createUrlTemplate)).toEqual([]);
  });

  it('removes a template and saves kept parameters and the hash switch', async () => {
    renderAdminScreen(<UrlRulesSection projectId={10} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove template /docs/*' }));
    expect(
      (await screen.findByText('Removed /docs/*: 0 items back on their pages.')).textContent,
    ).toBe('Removed /docs/*: 0 items back on their pages.');
    expect(callsTo(call, routes.deleteUrlTemplate)).toEqual([
      { body: { projectId: 10, templateId: 1 } },
    ]);

    await userEvent.type(
      screen.getByRole('combobox', { name: 'Query parameters that matter' }),
      'view,',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save parameters' }));
    await waitFor(() =>
      expect(callsTo(call, routes.setUrlRules)).toEqual([
        { body: { projectId: 10, hashRoutes: false, keptParams: ['tab', 'view'] } },
      ]),
    );
    await userEvent.click(
      screen.getByRole('switch', { name: 'This site routes by fragment (#/path)' }),
    );
    await waitFor(() =>
      expect(callsTo(call, routes.setUrlRules)[1]?.body).toMatchObject({ hashRoutes: true }),
    );
  });
});
