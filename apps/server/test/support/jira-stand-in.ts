import { createHmac, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createFaults,
  delayCreate,
  deliver,
  deliveryTarget,
  monotonicClock,
  readBody,
  sendJson,
  STAND_IN_CONTROL_PREFIX,
  startStandInServer,
  type SignedDelivery,
  type StandInDelivery,
} from './tracker-stand-in-core';

/** An issue as the stand-in keeps it (Jira REST v3's issue: id, key and the fields Waymark reads). */
export type JiraStandInIssue = {
  id: string;
  key: string;
  self: string;
  fields: {
    summary: string;
    description: unknown;
    labels: string[];
    issuetype: { id: string; name: string };
    project: { id: string; key: string };
    status: { name: string; statusCategory: { key: string; name: string } };
    resolution: { name: string } | null;
    assignee: { accountId: string; displayName: string } | null;
    created: string;
    updated: string;
  };
};

/** A webhook delivery the stand-in sent, with what the receiver answered (for replays). */
export type JiraStandInDelivery = StandInDelivery;

/** The workflow of every stand-in project: Jira's default statuses and categories. */
export const JIRA_STATUSES = {
  todo: { name: 'To Do', category: 'new', resolution: null },
  inProgress: { name: 'In Progress', category: 'indeterminate', resolution: null },
  done: { name: 'Done', category: 'done', resolution: 'Done' },
  wontDo: { name: 'Done', category: 'done', resolution: "Won't Do" },
} as const;

/** The issue types of every stand-in project (a company-managed software project's). */
export const JIRA_ISSUE_TYPES = [
  { id: '10000', name: 'Epic', subtask: false, hierarchyLevel: 1 },
  { id: '10001', name: 'Task', subtask: false, hierarchyLevel: 0 },
  { id: '10002', name: 'Sub-task', subtask: true, hierarchyLevel: -1 },
  { id: '10004', name: 'Bug', subtask: false, hierarchyLevel: 0 },
];

/**
 * A local stand-in of one Jira Cloud site: the REST v3 resources `jira.js` calls for Waymark —
 * `GET myself`, `GET project/{key}`, `GET mypermissions`, `POST issue`, `GET issue/{idOrKey}`,
 * `POST search/jql` (labels and project only) — and the admin webhooks resource
 * (`POST`/`DELETE /rest/webhooks/1.0/webhook`), with basic auth (e-mail:API token) and Jira's
 * error shape (`errorMessages`). Webhooks added through it receive `jira:issue_updated` events
 * signed as Jira signs admin webhooks with a secret: `X-Hub-Signature: sha256=<hex HMAC of the
 * body>`, with an `X-Atlassian-Webhook-Identifier` and the body's `timestamp`.
 */
export type JiraStandIn = {
  /** `http://127.0.0.1:<port>`: the site URL an admin enters. */
  url: string;
  /** `METHOD /path` of every request received, in order. */
  requests: string[];
  deliveries: JiraStandInDelivery[];
  /** The admin webhooks added, with their secrets (as Jira keeps them). */
  webhooks: { id: string; url: string; secret: string; projectKey: string; events: string[] }[];
  /** Issues of the project `key`, in number order. */
  issues(projectKey: string): JiraStandInIssue[];
  /**
   * Accepts `email` + `token` for the projects listed; `admin`: a Jira administrator (may add
   * webhooks); `canCreate`: has Create issues (default both true).
   */
  allowToken(
    email: string,
    token: string,
    projectKeys: string[],
    options?: { admin?: boolean; canCreate?: boolean },
  ): void;
  /** Adds an issue directly (made by someone in Jira). */
  seedIssue(projectKey: string, summary: string): JiraStandInIssue;
  /** Moves the issue to a status and sends the signed `jira:issue_updated` event. */
  moveIssue(key: string, status: keyof typeof JIRA_STATUSES): Promise<JiraStandInDelivery[]>;
  /** Assigns the issue and sends the event. */
  assignIssue(key: string, displayName: string): Promise<JiraStandInDelivery[]>;
  /** Changes the issue without sending anything (a delivery Jira failed to make). */
  moveSilently(key: string, status: keyof typeof JIRA_STATUSES): void;
  /** A signed delivery of the issue's current state, not sent: tests replay and alter it. */
  signedDelivery(key: string, options?: { timestamp?: number }): SignedDelivery;
  /** The next `count` issue creations are made but answered 502 (the answer is lost). */
  loseNextCreateAnswers(count: number): void;
  /** The next `count` requests answer `status` (default 503) without doing anything. */
  failNext(count: number, status?: number): void;
  /** Each issue creation waits this long before answering (racing requests overlap). */
  createDelayMs: number;
  /**
   * Every answer, once its headers and first bytes are sent, waits this long before its end (a
   * slow site, or one trickling its answer); 0 (default): none.
   */
  answerDelayMs: number;
  /** Requests whose caller closed the connection before the answer's end. */
  abandoned: string[];
  /**
   * `GET myself` answers a JSON body this large, without a length (a site flooding), and counts
   * in `abandoned` if the caller stops reading; 0: none.
   */
  hugeAnswerBytes: number;
  /** Where webhooks are delivered instead of their URL's origin (the test app's address). */
  deliverTo: string | null;
  close(): Promise<void>;
};

type Account = { projects: Set<string>; admin: boolean; canCreate: boolean };
type Project = { id: string; key: string; issues: JiraStandInIssue[] };

/**
 * Where another process drives the stand-in over HTTP (e2e): `POST tokens`
 * `{email, token, project}` (an administrator's), `GET issues?project=`, `POST move`
 * `{key, status}` (answers the deliveries).
 */
export const JIRA_CONTROL_PREFIX = STAND_IN_CONTROL_PREFIX;

// Jira spells its content type without a space.
const json = (response: ServerResponse, status: number, body: unknown) =>
  sendJson(response, status, body, 'application/json;charset=UTF-8');

const jiraError = (response: ServerResponse, status: number, message: string) =>
  json(response, status, { errorMessages: [message], errors: {} });

/**
 * A JSON object of `bytes` bytes, sent in 64 kB chunks with no length announced; `onAbandoned`
 * if the caller closes the connection first.
 */
function sendHuge(response: ServerResponse, bytes: number, onAbandoned: () => void): void {
  response.once('close', () => {
    if (!response.writableFinished) onAbandoned();
  });
  response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
  const chunk = `"${'x'.repeat(64 * 1024 - 3)}",`;
  response.write('{"padding":[');
  let sent = 0;
  const more = () => {
    while (sent < bytes && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', more);
    }
    if (!response.destroyed) response.end('""]}');
  };
  more();
}

/** Starts the stand-in on a free loopback port. */
export async function startJiraStandIn(): Promise<JiraStandIn> {
  const projects = new Map<string, Project>();
  const accounts = new Map<string, Account>();
  const requests: string[] = [];
  const deliveries: JiraStandInDelivery[] = [];
  const webhooks: JiraStandIn['webhooks'] = [];
  const faults = createFaults<number>();
  let nextIssueId = 10_000;
  let nextWebhookId = 1;
  const clock = monotonicClock();
  // Jira's own format: `+0000` offsets.
  const stamp = () => clock().toISOString().replace('Z', '+0000');

  const projectOf = (key: string) => {
    const upper = key.toUpperCase();
    let project = projects.get(upper);
    if (!project) {
      project = { id: String(20_000 + projects.size), key: upper, issues: [] };
      projects.set(upper, project);
    }
    return project;
  };
  const allIssues = () => [...projects.values()].flatMap((project) => project.issues);
  const findIssue = (idOrKey: string) =>
    allIssues().find((issue) => issue.id === idOrKey || issue.key === idOrKey.toUpperCase());
  const requireIssue = (key: string) => {
    const issue = findIssue(key);
    if (!issue) throw new Error(`No issue ${key} in the stand-in`);
    return issue;
  };
  const newIssue = (
    project: Project,
    fields: { summary: string; description?: unknown; labels?: string[]; issuetype?: string },
  ) => {
    const now = stamp();
    const id = String(nextIssueId++);
    const type = JIRA_ISSUE_TYPES.find((candidate) => candidate.id === fields.issuetype) ?? {
      id: '10001',
      name: 'Task',
    };
    const issue: JiraStandInIssue = {
      id,
      key: `${project.key}-${project.issues.length + 1}`,
      self: `${standIn.url}/rest/api/3/issue/${id}`,
      fields: {
        summary: fields.summary,
        description: fields.description ?? null,
        labels: fields.labels ?? [],
        issuetype: { id: type.id, name: type.name },
        project: { id: project.id, key: project.key },
        status: { name: 'To Do', statusCategory: { key: 'new', name: 'To Do' } },
        resolution: null,
        assignee: null,
        created: now,
        updated: now,
      },
    };
    project.issues.push(issue);
    return issue;
  };
  const setStatus = (issue: JiraStandInIssue, status: keyof typeof JIRA_STATUSES) => {
    const next = JIRA_STATUSES[status];
    issue.fields.status = {
      name: next.name,
      statusCategory: { key: next.category, name: next.name },
    };
    issue.fields.resolution = next.resolution ? { name: next.resolution } : null;
    issue.fields.updated = stamp();
  };
  const signed = (
    hook: JiraStandIn['webhooks'][number],
    issue: JiraStandInIssue,
    timestamp = Date.now(),
  ): SignedDelivery => {
    const body = JSON.stringify({
      timestamp,
      webhookEvent: 'jira:issue_updated',
      issue_event_type_name: 'issue_generic',
      user: { accountId: 'stand-in', displayName: 'Jira Admin' },
      issue,
      changelog: { id: String(randomInt(1, 1e9)), items: [] },
    });
    return {
      url: deliveryTarget(standIn.deliverTo, hook.url),
      body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Atlassian Webhook HTTP Client',
        'x-atlassian-webhook-identifier': String(randomInt(1, 2 ** 47)),
        'x-hub-signature': `sha256=${createHmac('sha256', hook.secret).update(body).digest('hex')}`,
      },
    };
  };
  const send = (issue: JiraStandInIssue) =>
    deliver(
      deliveries,
      webhooks
        .filter((hook) => hook.projectKey === issue.fields.project.key)
        .map((hook) => signed(hook, issue)),
    );

  const handle = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const method = request.method ?? 'GET';
    requests.push(`${method} ${url.pathname}`);
    const text = await readBody(request);
    if (standIn.answerDelayMs > 0) holdAnswer(response, `${method} ${url.pathname}`);
    if (standIn.hugeAnswerBytes > 0 && method === 'GET' && url.pathname === '/rest/api/3/myself')
      return sendHuge(response, standIn.hugeAnswerBytes, () =>
        abandoned.push(`${method} ${url.pathname}`),
      );
    const failure = faults.takeFailure();
    if (failure !== undefined) return jiraError(response, failure, 'Failed by the test');
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const account = accounts.get(Buffer.from(basic ?? '', 'base64').toString());
    if (!account)
      return jiraError(response, 401, 'Client must be authenticated to access this resource.');
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const visible = (key: string | undefined) =>
      key && account.projects.has(key.toUpperCase()) ? projects.get(key.toUpperCase()) : undefined;
    const path = url.pathname;
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '/rest/api/3/myself')
      return json(response, 200, {
        accountId: 'stand-in-account',
        displayName: 'Jira Admin',
        active: true,
      });
    if (method === 'GET' && (match = /^\/rest\/api\/3\/project\/([^/]+)$/.exec(path))) {
      const project = visible(decodeURIComponent(match[1] ?? ''));
      if (!project) return jiraError(response, 404, 'No project could be found with key.');
      return json(response, 200, {
        id: project.id,
        key: project.key,
        name: `Project ${project.key}`,
        issueTypes: JIRA_ISSUE_TYPES,
      });
    }
    if (method === 'GET' && path === '/rest/api/3/mypermissions') {
      const project = visible(url.searchParams.get('projectKey') ?? undefined);
      const have = (granted: boolean) => ({ havePermission: Boolean(project) && granted });
      return json(response, 200, {
        permissions: {
          BROWSE_PROJECTS: have(true),
          CREATE_ISSUES: have(account.canCreate),
        },
      });
    }
    if (method === 'POST' && path === '/rest/api/3/issue') {
      const fields = (body.fields ?? {}) as {
        project?: { key?: string };
        summary?: string;
        description?: unknown;
        labels?: string[];
        issuetype?: { id?: string };
      };
      const project = visible(fields.project?.key);
      if (!project || !account.canCreate)
        return jiraError(response, 400, 'You do not have permission to create issues.');
      if (!fields.summary) return json(response, 400, { errors: { summary: 'Required.' } });
      if (typeof fields.description === 'string')
        return json(response, 400, { errors: { description: 'Operation value must be an ADF.' } });
      await delayCreate(standIn.createDelayMs);
      const issue = newIssue(project, {
        summary: fields.summary,
        description: fields.description,
        labels: fields.labels,
        issuetype: fields.issuetype?.id,
      });
      if (faults.takeLostAnswer()) return json(response, 502, { message: 'Bad gateway' });
      return json(response, 201, { id: issue.id, key: issue.key, self: issue.self });
    }
    if (method === 'GET' && (match = /^\/rest\/api\/3\/issue\/([^/]+)$/.exec(path))) {
      const issue = findIssue(decodeURIComponent(match[1] ?? ''));
      if (!issue || !visible(issue.fields.project.key))
        return jiraError(
          response,
          404,
          'Issue does not exist or you do not have permission to see it.',
        );
      return json(response, 200, issue);
    }
    if (method === 'POST' && path === '/rest/api/3/search/jql') {
      const jql = typeof body.jql === 'string' ? body.jql : '';
      const projectKey = /project = "([^"]+)"/.exec(jql)?.[1];
      const label = /labels = "([^"]+)"/.exec(jql)?.[1];
      const project = visible(projectKey);
      if (!project) return jiraError(response, 400, `The value '${projectKey}' does not exist.`);
      const issues = project.issues.filter(
        (issue) => !label || issue.fields.labels.includes(label),
      );
      return json(response, 200, { issues, isLast: true });
    }
    if (method === 'POST' && path === '/rest/webhooks/1.0/webhook') {
      if (!account.admin) return jiraError(response, 403, 'Only Jira administrators can do this.');
      const filter = (body.filters as Record<string, string> | undefined)?.[
        'issue-related-events-section'
      ];
      const hook = {
        id: String(nextWebhookId++),
        url: String(body.url),
        secret: typeof body.secret === 'string' ? body.secret : '',
        projectKey: /project = "([^"]+)"/.exec(filter ?? '')?.[1] ?? '',
        events: (body.events as string[] | undefined) ?? [],
      };
      webhooks.push(hook);
      return json(response, 201, {
        self: `${standIn.url}/rest/webhooks/1.0/webhook/${hook.id}`,
        name: body.name,
        url: hook.url,
        events: hook.events,
        enabled: true,
      });
    }
    if (method === 'DELETE' && (match = /^\/rest\/webhooks\/1\.0\/webhook\/(\d+)$/.exec(path))) {
      if (!account.admin) return jiraError(response, 403, 'Only Jira administrators can do this.');
      const index = webhooks.findIndex((hook) => hook.id === match?.[1]);
      if (index < 0) return jiraError(response, 404, 'Webhook not found.');
      webhooks.splice(index, 1);
      return response.writeHead(204).end();
    }
    return jiraError(response, 404, `No stand-in resource for ${method} ${path}`);
  };

  // Sends the head and a first byte at once, the rest after answerDelayMs.
  const holdAnswer = (response: ServerResponse, label: string) => {
    const end = response.end.bind(response) as (body?: unknown) => ServerResponse;
    let finished = false;
    response.once('close', () => {
      if (!finished) abandoned.push(label);
    });
    response.end = ((body?: unknown) => {
      const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body : '';
      response.write(text.slice(0, 1));
      setTimeout(() => {
        finished = true;
        if (!response.destroyed) end(text.slice(1));
      }, standIn.answerDelayMs);
      return response;
    }) as typeof response.end;
  };
  const abandoned: string[] = [];

  // The test's hand on Jira from another process (e2e workers; the server runs in global setup).
  const server = await startStandInServer({
    handle,
    fail: (response, error) => jiraError(response, 500, String(error)),
    control: () => ({
      tokens: (input) =>
        standIn.allowToken(String(input.email ?? ''), String(input.token ?? ''), [
          String(input.project ?? ''),
        ]),
      issues: (_input, url) => standIn.issues(url.searchParams.get('project') ?? ''),
      move: (input) =>
        standIn.moveIssue(String(input.key ?? ''), input.status as keyof typeof JIRA_STATUSES),
    }),
  });

  const standIn: JiraStandIn = {
    url: server.origin,
    requests,
    deliveries,
    webhooks,
    createDelayMs: 0,
    answerDelayMs: 0,
    abandoned,
    hugeAnswerBytes: 0,
    deliverTo: null,
    issues: (projectKey) => projectOf(projectKey).issues,
    allowToken(email, token, projectKeys, options = {}) {
      for (const key of projectKeys) projectOf(key);
      accounts.set(`${email}:${token}`, {
        projects: new Set(projectKeys.map((key) => key.toUpperCase())),
        admin: options.admin ?? true,
        canCreate: options.canCreate ?? true,
      });
    },
    seedIssue: (projectKey, summary) => newIssue(projectOf(projectKey), { summary }),
    async moveIssue(key, status) {
      const issue = requireIssue(key);
      setStatus(issue, status);
      return send(issue);
    },
    async assignIssue(key, displayName) {
      const issue = requireIssue(key);
      issue.fields.assignee = { accountId: `acct-${displayName}`, displayName };
      issue.fields.updated = stamp();
      return send(issue);
    },
    moveSilently(key, status) {
      setStatus(requireIssue(key), status);
    },
    signedDelivery(key, options = {}) {
      const issue = requireIssue(key);
      const hook = webhooks.find((candidate) => candidate.projectKey === issue.fields.project.key);
      if (!hook) throw new Error(`No webhook for ${key}`);
      return signed(hook, issue, options.timestamp);
    },
    loseNextCreateAnswers: (count) => faults.loseNextCreateAnswers(count),
    failNext: (count, status = 503) => faults.failNext(count, status),
    close: () => server.close(),
  };
  return standIn;
}
