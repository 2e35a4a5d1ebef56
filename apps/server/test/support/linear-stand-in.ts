import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createFaults,
  delayCreate,
  deliver,
  deliveryTarget,
  monotonicClock,
  readJson,
  sendJson as json,
  STAND_IN_CONTROL_PREFIX,
  startStandInServer,
  type SignedDelivery,
  type StandInDelivery,
} from './tracker-stand-in-core';

/** An issue as the stand-in keeps it (Linear's `Issue`, the fields Waymark reads, and more). */
export type LinearStandInIssue = {
  id: string;
  identifier: string;
  number: number;
  title: string;
  description: string;
  url: string;
  createdAt: string;
  updatedAt: string;
  state: { id: string; name: string; type: string };
  assignee: { id: string; name: string; displayName: string } | null;
  team: { id: string; key: string; name: string };
};

/** A webhook delivery the stand-in sent, with what the receiver answered (for replays). */
export type LinearStandInDelivery = StandInDelivery;

/** A workflow state of every stand-in team: Linear's defaults, one per state type. */
export const LINEAR_STATES = {
  backlog: { id: 'state-backlog', name: 'Backlog', type: 'backlog' },
  todo: { id: 'state-todo', name: 'Todo', type: 'unstarted' },
  inProgress: { id: 'state-started', name: 'In Progress', type: 'started' },
  done: { id: 'state-done', name: 'Done', type: 'completed' },
  canceled: { id: 'state-canceled', name: 'Canceled', type: 'canceled' },
  duplicate: { id: 'state-duplicate', name: 'Duplicate', type: 'canceled' },
} as const;

/**
 * A local stand-in of Linear's GraphQL API (one endpoint, `/graphql`) answering the operations
 * Waymark's adapter sends through `@linear/sdk` — `WaymarkTeams`, `WaymarkIssue`,
 * `WaymarkIssueCreate`, `WaymarkWebhookCreate`, `WaymarkWebhookDelete` — recognised by operation
 * name, with Linear's error shapes (`authentication error`, `forbidden`, "Entity not found").
 * Webhooks added through it receive, like Linear sends them, `Issue` events signed with
 * `Linear-Signature` (HMAC-SHA256 hex of the body) carrying `webhookTimestamp` and a fresh
 * `Linear-Delivery` id, when a test moves an issue ({@link LinearStandIn.moveIssue}).
 */
export type LinearStandIn = {
  /** `http://127.0.0.1:<port>/graphql`: the `LINEAR_API_URL` to give the server. */
  url: string;
  /** Operation names received, in order. */
  operations: string[];
  deliveries: LinearStandInDelivery[];
  /** The webhooks added, with their secrets (as Linear keeps them). */
  webhooks: { id: string; url: string; secret: string; teamId: string }[];
  /** Issues of the team `key`, in number order. */
  issues(teamKey: string): LinearStandInIssue[];
  /** Accepts `apiKey` for the teams listed; `admin`: it may add webhooks (a workspace admin's). */
  allowKey(apiKey: string, teamKeys: string[], options?: { admin?: boolean }): void;
  /** Adds an issue directly (made by someone in Linear). */
  seedIssue(teamKey: string, title: string): LinearStandInIssue;
  /** Moves the issue to a workflow state and sends the signed `Issue` / `update` event. */
  moveIssue(
    identifier: string,
    state: keyof typeof LINEAR_STATES,
  ): Promise<LinearStandInDelivery[]>;
  /** Assigns the issue and sends the event. */
  assignIssue(identifier: string, name: string): Promise<LinearStandInDelivery[]>;
  /** Changes the issue without sending anything (a delivery Linear failed to make). */
  moveSilently(identifier: string, state: keyof typeof LINEAR_STATES): void;
  /** A signed delivery of the issue's current state, not sent: tests replay and alter it. */
  signedDelivery(identifier: string, options?: { webhookTimestamp?: number }): SignedDelivery;
  /** The next `count` issue creations are made but answered 502 (the answer is lost). */
  loseNextCreateAnswers(count: number): void;
  /**
   * The next `count` requests answer `status` with an error of Linear's `type` (default: 503,
   * `internal error`) without doing anything.
   */
  failNext(count: number, status?: number, type?: string): void;
  /** Each issue creation waits this long before answering (racing requests overlap). */
  createDelayMs: number;
  /** Where webhooks are delivered instead of their URL's origin (the test app's address). */
  deliverTo: string | null;
  close(): Promise<void>;
};

type Team = { id: string; key: string; name: string; issues: LinearStandInIssue[] };

/**
 * Where another process drives the stand-in over HTTP (e2e): `POST keys` `{apiKey, team}` (an
 * admin's key), `GET issues?team=`, `POST move` `{identifier, state}` (answers the deliveries).
 */
export const LINEAR_CONTROL_PREFIX = STAND_IN_CONTROL_PREFIX;

const graphqlError = (response: ServerResponse, status: number, type: string, message: string) =>
  json(response, status, {
    errors: [{ message, extensions: { type, userPresentableMessage: message } }],
    data: null,
  });

/** Starts the stand-in on a free loopback port. */
export async function startLinearStandIn(): Promise<LinearStandIn> {
  const teams = new Map<string, Team>();
  const keys = new Map<string, { teams: Set<string>; admin: boolean }>();
  const operations: string[] = [];
  const deliveries: LinearStandInDelivery[] = [];
  const webhooks: LinearStandIn['webhooks'] = [];
  const faults = createFaults<{ status: number; type: string }>();
  const clock = monotonicClock();
  const stamp = () => clock().toISOString();

  const teamOf = (key: string) => {
    const upper = key.toUpperCase();
    let team = teams.get(upper);
    if (!team) {
      team = { id: randomUUID(), key: upper, name: `Team ${upper}`, issues: [] };
      teams.set(upper, team);
    }
    return team;
  };
  const allIssues = () => [...teams.values()].flatMap((team) => team.issues);
  const findIssue = (idOrIdentifier: string) =>
    allIssues().find(
      (issue) => issue.id === idOrIdentifier || issue.identifier === idOrIdentifier.toUpperCase(),
    );
  const requireIssue = (identifier: string) => {
    const issue = findIssue(identifier);
    if (!issue) throw new Error(`No issue ${identifier} in the stand-in`);
    return issue;
  };
  const newIssue = (team: Team, input: { id?: string; title: string; description?: string }) => {
    const now = stamp();
    const number = team.issues.length + 1;
    const issue: LinearStandInIssue = {
      id: input.id ?? randomUUID(),
      identifier: `${team.key}-${number}`,
      number,
      title: input.title,
      description: input.description ?? '',
      url: `https://linear.app/acme/issue/${team.key}-${number}/${input.title.toLowerCase().replace(/\W+/g, '-')}`,
      createdAt: now,
      updatedAt: now,
      state: { ...LINEAR_STATES.todo },
      assignee: null,
      team: { id: team.id, key: team.key, name: team.name },
    };
    team.issues.push(issue);
    return issue;
  };
  const signed = (
    hook: LinearStandIn['webhooks'][number],
    issue: LinearStandInIssue,
    webhookTimestamp = Date.now(),
  ): SignedDelivery => {
    const body = JSON.stringify({
      action: 'update',
      type: 'Issue',
      createdAt: new Date().toISOString(),
      data: { ...issue, teamId: issue.team.id, stateId: issue.state.id },
      url: issue.url,
      organizationId: 'org-stand-in',
      webhookId: hook.id,
      webhookTimestamp,
    });
    return {
      url: deliveryTarget(standIn.deliverTo, hook.url),
      body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Linear-Webhook',
        'linear-event': 'Issue',
        'linear-delivery': randomUUID(),
        'linear-signature': createHmac('sha256', hook.secret).update(body).digest('hex'),
      },
    };
  };
  const send = (issue: LinearStandInIssue) =>
    deliver(
      deliveries,
      webhooks
        .filter((candidate) => candidate.teamId === issue.team.id)
        .map((hook) => signed(hook, issue)),
    );

  const handle = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    if (url.pathname !== '/graphql' || request.method !== 'POST')
      return json(response, 404, { error: 'Not found' });
    const { query = '', variables = {} } = await readJson<{
      query?: string;
      variables?: Record<string, unknown>;
    }>(request);
    const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '(anonymous)';
    operations.push(operation);
    const failure = faults.takeFailure();
    if (failure) return graphqlError(response, failure.status, failure.type, 'Failed by the test');
    const key = keys.get(request.headers.authorization ?? '');
    if (!key)
      return graphqlError(
        response,
        400,
        'authentication error',
        'Authentication required, not authenticated',
      );
    const visible = (team: Team | undefined) => (team && key.teams.has(team.key) ? team : null);
    const input = (variables.input ?? {}) as Record<string, string | string[] | undefined>;
    switch (operation) {
      case 'WaymarkTeams': {
        const team = visible(
          teams.get((typeof variables.key === 'string' ? variables.key : '').toUpperCase()),
        );
        return json(response, 200, { data: { teams: { nodes: team ? [team] : [] } } });
      }
      case 'WaymarkIssue': {
        const issue = findIssue(typeof variables.id === 'string' ? variables.id : '');
        if (!issue || !visible(teams.get(issue.team.key)))
          return graphqlError(response, 200, 'invalid input', 'Entity not found: Issue');
        return json(response, 200, { data: { issue } });
      }
      case 'WaymarkIssueCreate': {
        const team = [...teams.values()].find((candidate) => candidate.id === input.teamId);
        if (!visible(team) || !team)
          return graphqlError(response, 400, 'forbidden', 'You do not have access to this team');
        if (!input.title) return graphqlError(response, 400, 'invalid input', 'title required');
        if (typeof input.id === 'string' && findIssue(input.id))
          return graphqlError(response, 400, 'invalid input', 'Entity already exists');
        await delayCreate(standIn.createDelayMs);
        const issue = newIssue(team, {
          id: typeof input.id === 'string' ? input.id : undefined,
          title: String(input.title),
          description: typeof input.description === 'string' ? input.description : '',
        });
        if (faults.takeLostAnswer()) return json(response, 502, { error: 'Bad gateway' });
        return json(response, 200, { data: { issueCreate: { success: true, issue } } });
      }
      case 'WaymarkWebhookCreate': {
        if (!key.admin)
          return graphqlError(response, 400, 'forbidden', 'Only admins can create webhooks');
        const hook = {
          id: randomUUID(),
          url: String(input.url),
          secret: String(input.secret),
          teamId: String(input.teamId),
        };
        webhooks.push(hook);
        return json(response, 200, {
          data: { webhookCreate: { success: true, webhook: { id: hook.id } } },
        });
      }
      case 'WaymarkWebhookDelete': {
        const index = webhooks.findIndex((hook) => hook.id === variables.id);
        if (index < 0) return graphqlError(response, 200, 'invalid input', 'Entity not found');
        webhooks.splice(index, 1);
        return json(response, 200, { data: { webhookDelete: { success: true } } });
      }
      default:
        return graphqlError(response, 400, 'graphql error', `Unknown operation ${operation}`);
    }
  };

  // The test's hand on Linear from another process (e2e workers; the server runs in global setup).
  const server = await startStandInServer({
    handle,
    fail: (response, error) => graphqlError(response, 500, 'internal error', String(error)),
    control: () => ({
      keys: (input) => standIn.allowKey(String(input.apiKey ?? ''), [String(input.team ?? '')]),
      issues: (_input, url) => standIn.issues(url.searchParams.get('team') ?? ''),
      move: (input) =>
        standIn.moveIssue(
          String(input.identifier ?? ''),
          input.state as keyof typeof LINEAR_STATES,
        ),
    }),
  });

  const standIn: LinearStandIn = {
    url: `${server.origin}/graphql`,
    operations,
    deliveries,
    webhooks,
    createDelayMs: 0,
    deliverTo: null,
    issues: (teamKey) => teamOf(teamKey).issues,
    allowKey(apiKey, teamKeys, options = {}) {
      for (const teamKey of teamKeys) teamOf(teamKey);
      keys.set(apiKey, {
        teams: new Set(teamKeys.map((teamKey) => teamKey.toUpperCase())),
        admin: options.admin ?? true,
      });
    },
    seedIssue: (teamKey, title) => newIssue(teamOf(teamKey), { title }),
    async moveIssue(identifier, state) {
      const issue = requireIssue(identifier);
      Object.assign(issue, { state: { ...LINEAR_STATES[state] }, updatedAt: stamp() });
      return send(issue);
    },
    async assignIssue(identifier, name) {
      const issue = requireIssue(identifier);
      Object.assign(issue, {
        assignee: { id: randomUUID(), name, displayName: name.split(' ')[0]?.toLowerCase() },
        updatedAt: stamp(),
      });
      return send(issue);
    },
    moveSilently(identifier, state) {
      Object.assign(requireIssue(identifier), {
        state: { ...LINEAR_STATES[state] },
        updatedAt: stamp(),
      });
    },
    signedDelivery(identifier, options = {}) {
      const issue = requireIssue(identifier);
      const hook = webhooks.find((candidate) => candidate.teamId === issue.team.id);
      if (!hook) throw new Error(`No webhook for ${identifier}`);
      return signed(hook, issue, options.webhookTimestamp);
    },
    loseNextCreateAnswers: (count) => faults.loseNextCreateAnswers(count),
    failNext: (count, status = 503, type = 'internal error') =>
      faults.failNext(count, { status, type }),
    close: () => server.close(),
  };
  return standIn;
}
