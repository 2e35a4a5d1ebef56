// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AppError,
  routes,
  STORAGE_KEYS,
  TRACKER_TOKEN_REFUSED,
  WEBHOOK_SECRET_ROTATED,
  type RouteDef,
  type TTrackerConnection,
  type TWebhookEndpoint,
} from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerCalls,
  callsTo,
  renderAdminScreen,
  type FakeCallInput,
} from '../../../testing/render-admin-screen';
import { expectNoAxeViolations } from '../../../testing/expect-no-axe-violations';
import { IntegrationsScreen } from '../index';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiClient: { call } }));

const ORG_ID = 7;

const ENDPOINT: TWebhookEndpoint = {
  endpointId: 40,
  url: 'https://hooks.example.com/waymark',
  kind: 'webhook',
  events: ['item.created', 'note.added'],
  projectId: 10,
  description: 'Release bot',
  isEnabled: false,
  disabledReason: 'Every delivery failed for a day.',
  secretVersion: 3,
  createdAt: '2026-11-25T10:00:00.000Z',
};

const CONNECTION: TTrackerConnection = {
  connectionId: 3,
  vendor: 'github',
  target: 'acme/shop',
  webhookUrl: 'https://waymark.test/api/integrations/3/github/webhook',
  createdAt: '2026-11-25T10:00:00.000Z',
};

function fakeServer(
  options: {
    endpoints?: TWebhookEndpoint[];
    rotate?: () => unknown;
    connections?: TTrackerConnection[];
  } = {},
) {
  const answers = new Map<RouteDef, (input: FakeCallInput) => unknown>([
    [routes.getWebhookEndpoints, () => options.endpoints ?? [ENDPOINT]],
    [
      routes.getAllProjects,
      () => [
        { projectId: 10, projectName: 'Acme Shop', baseUrl: 'https://shop.test', orgId: ORG_ID },
      ],
    ],
    [
      routes.createWebhookEndpoint,
      ({ body }) => ({ ...ENDPOINT, ...(body as object), endpointId: 41, secret: 'whsec_new' }),
    ],
    [
      routes.rotateWebhookSecret,
      options.rotate ?? (() => ({ ...ENDPOINT, secret: 'whsec_rotated' })),
    ],
    [routes.setWebhookEndpointEnabled, () => ({ ...ENDPOINT, isEnabled: true })],
    [
      routes.getWebhookDeliveries,
      () => [
        {
          deliveryId: 5,
          messageId: 'msg_1',
          eventType: 'note.added',
          itemId: 99,
          status: 'failed',
          attempts: 8,
          createdAt: '2026-11-25T10:00:00.000Z',
          lastAttemptAt: '2026-11-26T13:00:00.000Z',
          nextAttemptAt: null,
          responseStatus: 503,
          responseExcerpt: 'upstream down',
        },
      ],
    ],
    [routes.redeliverWebhook, () => ({})],
    [routes.updateWebhookEndpoint, ({ body }) => ({ ...ENDPOINT, ...(body as object) })],
    [routes.getTrackerConnections, () => options.connections ?? []],
    [
      routes.connectTracker,
      ({ body }) => {
        const input = body as { vendor: string; token: string; owner: string; repo: string };
        if (input.vendor === 'jira')
          return {
            ...CONNECTION,
            vendor: 'jira',
            target: 'acme.atlassian.net/SHOP',
            webhookUrl: 'https://waymark.test/api/integrations/5/jira/webhook',
            webhookSecret: 'c0ffee',
          };
        if (input.vendor === 'linear')
          return {
            ...CONNECTION,
            vendor: 'linear',
            target: 'ENG',
            webhookUrl: 'https://waymark.test/api/integrations/4/linear/webhook',
            webhookSecret: 'c0ffee',
          };
        if (input.token !== 'github_pat_good')
          throw new AppError('BAD_REQUEST', TRACKER_TOKEN_REFUSED);
        return { ...CONNECTION, target: `${input.owner}/${input.repo}`, webhookSecret: 'c0ffee' };
      },
    ],
    [routes.getTrackerStateMapping, () => ({ open: 1, done: 3, canceled: null })],
    [routes.setTrackerStateMapping, ({ body }) => body],
    [
      routes.getStatusOptions,
      () => [
        { itemStatusId: 1, itemStatusDescription: 'Open' },
        { itemStatusId: 2, itemStatusDescription: 'In Progress' },
        { itemStatusId: 3, itemStatusDescription: 'Closed' },
      ],
    ],
  ]);
  answerCalls(call, answers);
}

describe('Integrations screen (issue 30)', () => {
  beforeEach(() => {
    call.mockReset();
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.orgId, String(ORG_ID));
  });

  it('lists an endpoint with its events, project, and why it was disabled', async () => {
    fakeServer();
    renderAdminScreen(<IntegrationsScreen />);
    const card = within(await screen.findByRole('article', { name: 'Release bot' }));
    const article = screen.getByRole('article', { name: 'Release bot' });
    expect(article.textContent).toContain('https://hooks.example.com/waymark');
    expect(article.textContent).toContain('Item created, Note added · Acme Shop');
    expect(card.getByRole('status').textContent).toBe('Disabled: Every delivery failed for a day.');
    expect(card.getByRole<HTMLInputElement>('switch', { name: 'Enabled' }).checked).toBe(false);
  });

  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    fakeServer({ endpoints: [] });
    renderAdminScreen(<IntegrationsScreen />);
    const form = within(await screen.findByRole('form', { name: 'Add endpoint' }));
    await userEvent.type(form.getByLabelText(/Endpoint URL/), 'https://hooks.example.com/new');
    await userEvent.click(form.getByRole('checkbox', { name: 'Item deleted' }));
    await userEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Signing secret' }));
    expect(dialog.getByTestId('webhook-secret').textContent).toBe('whsec_new');
    expect(callsTo(call, routes.createWebhookEndpoint)[0]?.body).toEqual({
      url: 'https://hooks.example.com/new',
      kind: 'webhook',
      events: [
        'item.created',
        'item.updated',
        'item.status_changed',
        'note.added',
        'attachment.added',
      ],
      projectId: null,
      description: '',
    });
  });

  it('rotates with the version shown, and says so when another click already rotated', async () => {
    fakeServer({
      rotate: () => {
        throw new AppError('CONFLICT', WEBHOOK_SECRET_ROTATED);
      },
    });
    renderAdminScreen(<IntegrationsScreen />);
    const card = within(await screen.findByRole('article', { name: 'Release bot' }));
    await userEvent.click(card.getByRole('button', { name: 'Rotate secret' }));
    await screen.findByText(WEBHOOK_SECRET_ROTATED);
    expect(callsTo(call, routes.rotateWebhookSecret)[0]?.body).toEqual({ secretVersion: 3 });
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).toBeNull();
  });

  it('shows the delivery log and redelivers with the attempt count seen', async () => {
    fakeServer();
    renderAdminScreen(<IntegrationsScreen />);
    const card = within(await screen.findByRole('article', { name: 'Release bot' }));
    await userEvent.click(card.getByRole('button', { name: 'Deliveries' }));
    const log = within(await card.findByRole('table', { name: 'Deliveries' }));
    const row = log.getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Note added · item #99');
    expect(row.textContent).toContain('failed');
    expect(row.textContent).toContain('503');
    expect(row.textContent).toContain('upstream down');
    await userEvent.click(within(row).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(callsTo(call, routes.redeliverWebhook)[0]).toMatchObject({
        params: { orgId: ORG_ID, endpointId: 40, deliveryId: 5 },
        body: { attempts: 8 },
      }),
    );
  });

  it("edits an endpoint's settings in a dialog; its secret stays", async () => {
    fakeServer();
    renderAdminScreen(<IntegrationsScreen />);
    const card = within(await screen.findByRole('article', { name: 'Release bot' }));
    await userEvent.click(card.getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('form', { name: 'Save endpoint' }));
    const url = form.getByLabelText<HTMLInputElement>(/Endpoint URL/);
    expect(url.value).toBe('https://hooks.example.com/waymark');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.example.com/moved');
    await userEvent.click(form.getByRole('checkbox', { name: 'Item deleted' }));
    await userEvent.click(form.getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() =>
      expect(callsTo(call, routes.updateWebhookEndpoint)[0]).toMatchObject({
        params: { orgId: ORG_ID, endpointId: 40 },
        body: {
          url: 'https://hooks.example.com/moved',
          kind: 'webhook',
          events: ['item.created', 'note.added', 'item.deleted'],
          projectId: 10,
          description: 'Release bot',
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Save endpoint' })).toBeNull());
  });

  it('connects GitHub: a refused token says so; then the webhook URL and secret show once', async () => {
    fakeServer();
    renderAdminScreen(<IntegrationsScreen />);
    const form = within(await screen.findByRole('form', { name: 'Connect GitHub' }));
    await userEvent.type(form.getByLabelText(/Repository/), 'acme/shop');
    await userEvent.type(form.getByLabelText(/Fine-grained token/), 'github_pat_bad');
    await userEvent.click(form.getByRole('button', { name: 'Connect GitHub' }));
    await screen.findByText(TRACKER_TOKEN_REFUSED);
    await userEvent.type(form.getByLabelText(/Fine-grained token/), 'github_pat_good');
    await userEvent.click(form.getByRole('button', { name: 'Connect GitHub' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add the webhook in GitHub' }));
    expect(dialog.getByTestId('tracker-webhook-url').textContent).toBe(CONNECTION.webhookUrl);
    expect(dialog.getByTestId('tracker-webhook-secret').textContent).toBe('c0ffee');
    expect(callsTo(call, routes.connectTracker)[1]?.body).toEqual({
      vendor: 'github',
      token: 'github_pat_good',
      owner: 'acme',
      repo: 'shop',
    });
  });

  it('connects Linear with a team key and an API key; the webhook is added by Waymark, no secret shown', async () => {
    fakeServer();
    renderAdminScreen(<IntegrationsScreen />);
    await screen.findByRole('form', { name: 'Connect GitHub' });
    await userEvent.click(screen.getByRole('radio', { name: 'Linear' }));
    const form = within(await screen.findByRole('form', { name: 'Connect Linear' }));
    expect(form.getByRole('button', { name: 'Connect Linear' })).toHaveProperty('disabled', true);
    await userEvent.type(form.getByLabelText(/Team key/), 'E N');
    expect(form.getByText('Letters and digits, as in ENG-123.')).toBeDefined();
    await userEvent.clear(form.getByLabelText(/Team key/));
    await userEvent.type(form.getByLabelText(/Team key/), 'eng');
    await userEvent.type(form.getByLabelText(/API key/), 'lin_api_good');
    await userEvent.click(form.getByRole('button', { name: 'Connect Linear' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Linear is connected' }));
    expect(dialog.queryByText('c0ffee')).toBeNull();
    expect(dialog.getByText(/added a webhook named “Waymark” to team ENG/)).toBeDefined();
    expect(callsTo(call, routes.connectTracker)[0]?.body).toEqual({
      vendor: 'linear',
      token: 'lin_api_good',
      team: 'eng',
    });
  });

  it('connects Jira with site, project, e-mail and API token through the same form shape, and passes axe', async () => {
    fakeServer();
    renderAdminScreen(<IntegrationsScreen />);
    await screen.findByRole('form', { name: 'Connect GitHub' });
    await userEvent.click(screen.getByRole('radio', { name: 'Jira' }));
    const form = within(await screen.findByRole('form', { name: 'Connect Jira' }));
    await expectNoAxeViolations('Jira connect form');
    const submit = form.getByRole('button', { name: 'Connect Jira' });
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.type(form.getByLabelText(/Jira site/), 'https://acme.atlassian.net/');
    await userEvent.type(form.getByLabelText(/Project key/), '12');
    expect(form.getByText('Letters and digits, as in SHOP-12.')).toBeDefined();
    await userEvent.clear(form.getByLabelText(/Project key/));
    await userEvent.type(form.getByLabelText(/Project key/), 'shop');
    await userEvent.type(form.getByLabelText(/E-mail of the token/), 'admin@acme.example');
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.type(form.getByLabelText(/API token/), 'ATATT-good');
    expect(submit).toHaveProperty('disabled', false);
    await userEvent.click(submit);
    const dialog = within(await screen.findByRole('dialog', { name: 'Jira is connected' }));
    expect(dialog.queryByText('c0ffee')).toBeNull();
    expect(
      dialog.getByText(/added a webhook named “Waymark \(SHOP\)” to the Jira site/),
    ).toBeDefined();
    expect(callsTo(call, routes.connectTracker)[0]?.body).toEqual({
      vendor: 'jira',
      site: 'https://acme.atlassian.net/',
      project: 'shop',
      email: 'admin@acme.example',
      token: 'ATATT-good',
    });
    // The token is not left on screen after it was sent.
    expect(form.getByLabelText<HTMLInputElement>(/API token/).value).toBe('');
  });

  it('lists a connection and saves the state mapping, "Leave as it is" as null', async () => {
    fakeServer({ connections: [CONNECTION] });
    renderAdminScreen(<IntegrationsScreen />);
    const card = await screen.findByRole('article', { name: 'GitHub acme/shop' });
    expect(card.textContent).toContain(CONNECTION.webhookUrl);
    const form = within(await screen.findByRole('form', { name: 'Status mapping' }));
    await userEvent.click(form.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() =>
      expect(callsTo(call, routes.setTrackerStateMapping)[0]?.body).toEqual({
        open: 1,
        done: 3,
        canceled: null,
      }),
    );
  });
});
