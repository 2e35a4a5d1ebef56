// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError, routes, type RouteDef, type TApiToken } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import {
  answerCalls,
  callsTo,
  renderAdminScreen,
  type FakeCallInput,
} from '../../../testing/render-admin-screen';
import { MyApiTokensScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const TOKEN: TApiToken = {
  id: 3,
  kind: 'pat',
  name: 'Claude Code',
  prefix: 'wmk_pat_AbCd',
  scopes: ['items:read'],
  orgId: null,
  projectIds: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  createdBy: 'Max Member',
};
const SECRET = `wmk_pat_${'x'.repeat(43)}`;

function org(orgAccessLevelId: number) {
  return { orgId: 7, orgName: 'Acme', orgAccessLevelId, orgAccessLevelDescription: 'User' };
}

/** A fake server: the caller's organizations and tokens; creation answers after `release()`. */
function fakeServer(orgAccessLevelId: number) {
  let tokens = [TOKEN];
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const answers = new Map<RouteDef, (input: FakeCallInput) => unknown>([
    [routes.getOrgs, () => [org(orgAccessLevelId)]],
    [routes.listMyTokens, () => tokens],
    [
      routes.createMyToken,
      async ({ body }) => {
        await gate;
        const token = { ...TOKEN, id: 4, name: String(body?.name) };
        tokens = [token, ...tokens];
        return { token, secret: SECRET };
      },
    ],
    [
      routes.revokeMyToken,
      ({ params }) => {
        tokens = tokens.filter((token) => token.id !== Number(params?.tokenId));
        return 'Token revoked.';
      },
    ],
  ]);
  answerCalls(call, answers);
  return { release };
}

describe('Your API tokens (issue 29, every member)', () => {
  it('lets a member who is no administrator create a token (a double click sends one key) and revoke it', async () => {
    const user = userEvent.setup();
    const server = fakeServer(2);
    renderAdminScreen(<MyApiTokensScreen />, '/api-tokens');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Your API tokens',
    ]);
    const section = screen.getByRole('region', { name: 'Your personal access tokens' });
    await within(section).findByRole('row', { name: /Claude Code/ });
    // No admin scope for someone who administers nothing, and no link to the keys.
    expect(
      within(section)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['items:read', 'items:write']);
    expect(screen.queryByRole('link', { name: /Organization API keys/ })).toBeNull();
    await expectNoAxeViolations('Your API tokens');

    await user.type(within(section).getByLabelText(/^Name/), 'CI');
    // A double click faster than the button can disable itself: the form is sent twice.
    const form = within(section).getByRole('form', { name: 'New personal access token' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    server.release();
    expect((await within(section).findByTestId('created-secret')).textContent).toBe(SECRET);
    const sent = callsTo(call, routes.createMyToken).map((input) => input.body);
    expect(sent).toHaveLength(2);
    const keys = new Set(sent.map((body) => body?.idempotencyKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f]{32}$/);
    await expectNoAxeViolations('Your API tokens with a new secret');

    await user.click(within(section).getByRole('button', { name: 'Done' }));
    await user.click(within(section).getByRole('button', { name: 'Revoke Claude Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(within(section).queryByRole('row', { name: /Claude Code/ })).toBeNull(),
    );
    expect(callsTo(call, routes.revokeMyToken).map((input) => input.params)).toEqual([
      { tokenId: 3 },
    ]);
  });

  it('sends a new idempotency key for the next token, and shows a refusal such as the cap', async () => {
    const user = userEvent.setup();
    const server = fakeServer(2);
    server.release();
    renderAdminScreen(<MyApiTokensScreen />, '/api-tokens');
    const section = await screen.findByRole('region', { name: 'Your personal access tokens' });
    await user.type(within(section).getByLabelText(/^Name/), 'One');
    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    await user.click(await within(section).findByRole('button', { name: 'Done' }));
    const cap =
      'You already have 50 active personal access tokens, the most allowed. Revoke one you no longer use, then create this one.';
    call.mockImplementationOnce(() => Promise.reject(new AppError('CONFLICT', cap)));
    await user.type(within(section).getByLabelText(/^Name/), 'Two');
    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    expect((await screen.findByRole('alert')).textContent).toContain(cap);
  });

  it('points an administrator to the organization API keys and offers the admin scope', async () => {
    fakeServer(1);
    renderAdminScreen(<MyApiTokensScreen />, '/api-tokens');
    const link = await screen.findByRole('link', {
      name: 'Organization API keys in the admin portal',
    });
    expect(link.getAttribute('href')).toBe('/app/api-tokens');
    const section = screen.getByRole('region', { name: 'Your personal access tokens' });
    await waitFor(() => expect(within(section).getAllByRole('checkbox')).toHaveLength(3));
  });
});
