import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sign } from '@octokit/webhooks-methods';
import {
  createFaults,
  delayCreate,
  deliver,
  monotonicClock,
  readJson,
  sendJson as json,
  STAND_IN_CONTROL_PREFIX,
  startStandInServer,
  type ControlInput,
  type StandInDelivery,
} from './tracker-stand-in-core';

export type { StandInDelivery } from './tracker-stand-in-core';

/** An issue as the stand-in keeps it (GitHub's REST issue object, the fields used). */
export type StandInIssue = {
  id: number;
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason: 'completed' | 'not_planned' | 'reopened' | null;
  html_url: string;
  assignee: { login: string } | null;
  created_at: string;
  updated_at: string;
  pull_request?: { url: string };
};

/**
 * A local stand-in of the GitHub REST API calls Waymark makes (docs: "Repositories — Get a
 * repository", "Issues — Create / Get / List repository issues"), so tests run the real
 * `@octokit/rest` without the network, and of GitHub's repository webhooks: a change made
 * through {@link GitHubStandIn.closeIssue} and friends is sent, like GitHub does, as an `issues`
 * event signed with `X-Hub-Signature-256` (HMAC-SHA256 of the body with the hook's secret) and
 * carrying a fresh `X-GitHub-Delivery` id.
 */
export type GitHubStandIn = {
  /** `http://127.0.0.1:<port>`: the `GITHUB_API_URL` to give the server. */
  url: string;
  /** Requests received, as `METHOD /path`. */
  requests: string[];
  /** Issues of each repository (`owner/repo` lower case), in number order. */
  issues(repository: string): StandInIssue[];
  /** Webhook deliveries sent. */
  deliveries: StandInDelivery[];
  /** Accepts `token` for the repositories listed (`owner/repo`). */
  allowToken(token: string, repositories: string[]): void;
  /** Adds a repository webhook (as its Settings → Webhooks page does). */
  addHook(repository: string, hook: { url: string; secret: string }): void;
  /** Adds an issue directly (made by someone in GitHub); answers it. */
  seedIssue(repository: string, issue: { title: string; isPullRequest?: boolean }): StandInIssue;
  /** Closes an issue in GitHub and sends the signed `issues` / `closed` event. */
  closeIssue(
    repository: string,
    number: number,
    reason?: 'completed' | 'not_planned',
  ): Promise<StandInDelivery[]>;
  /** Reopens an issue and sends `issues` / `reopened`. */
  reopenIssue(repository: string, number: number): Promise<StandInDelivery[]>;
  /** Assigns an issue and sends `issues` / `assigned`. */
  assignIssue(repository: string, number: number, login: string): Promise<StandInDelivery[]>;
  /** Changes an issue without sending anything (a delivery GitHub failed to make). */
  changeSilently(repository: string, number: number, change: Partial<StandInIssue>): void;
  /** The next `count` issue creations are made but answered 502 (the answer is lost). */
  loseNextCreateAnswers(count: number): void;
  /** The next `count` requests answer `status` (503) without doing anything. */
  failNext(count: number, status?: number): void;
  /** Each issue creation waits this long before answering (racing requests overlap). */
  createDelayMs: number;
  close(): Promise<void>;
};

type Repo = {
  owner: string;
  name: string;
  issues: StandInIssue[];
  hooks: { url: string; secret: string }[];
};

/**
 * Where another process drives the stand-in over HTTP (e2e): `POST tokens` `{token, repository}`,
 * `POST hooks` `{repository, url, secret}`, `GET issues?repository=`, `POST close`
 * `{repository, number}` (answers the deliveries made).
 */
export const CONTROL_PREFIX = STAND_IN_CONTROL_PREFIX;

const notFound = (response: ServerResponse) =>
  json(response, 404, {
    message: 'Not Found',
    documentation_url: 'https://docs.github.com/rest',
    status: '404',
  });

/** Starts the stand-in on a free loopback port; `anyToken`: every token sees every repository. */
export async function startGitHubStandIn(
  options: { anyToken?: boolean } = {},
): Promise<GitHubStandIn> {
  const repos = new Map<string, Repo>();
  const tokens = new Map<string, Set<string>>();
  const requests: string[] = [];
  const deliveries: StandInDelivery[] = [];
  let nextIssueId = 1000;
  const faults = createFaults<number>();
  // GitHub's timestamps have whole seconds; each change moves at least one on, so updated_at
  // always grows even within a second.
  const clock = monotonicClock(1000);
  const stamp = () => clock().toISOString().replace('.000', '');

  const repoOf = (full: string) => {
    const key = full.toLowerCase();
    let repo = repos.get(key);
    if (!repo) {
      const [owner = '', name = ''] = full.split('/');
      repo = { owner, name, issues: [], hooks: [] };
      repos.set(key, repo);
    }
    return repo;
  };
  let baseUrl = '';
  const newIssue = (repo: Repo, title: string, body: string): StandInIssue => {
    const now = stamp();
    const issue: StandInIssue = {
      id: ++nextIssueId,
      number: repo.issues.length + 1,
      title,
      body,
      state: 'open',
      state_reason: null,
      html_url: `https://github.com/${repo.owner}/${repo.name}/issues/${repo.issues.length + 1}`,
      assignee: null,
      created_at: now,
      updated_at: now,
    };
    repo.issues.push(issue);
    return issue;
  };
  const send = async (repo: Repo, action: string, issue: StandInIssue) => {
    const body = JSON.stringify({
      action,
      issue,
      repository: {
        id: 1,
        name: repo.name,
        full_name: `${repo.owner}/${repo.name}`,
        owner: { login: repo.owner },
      },
      sender: { login: 'octocat' },
    });
    const signed = await Promise.all(
      repo.hooks.map(async (hook) => ({
        url: hook.url,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'GitHub-Hookshot/stand-in',
          'x-github-event': 'issues',
          'x-github-delivery': randomUUID(),
          'x-hub-signature-256': await sign(hook.secret, body),
        },
      })),
    );
    return deliver(deliveries, signed);
  };
  const findIssue = (full: string, number: number) => {
    const issue = repoOf(full).issues.find((candidate) => candidate.number === number);
    if (!issue) throw new Error(`No issue ${full}#${number} in the stand-in`);
    return issue;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    requests.push(`${request.method} ${url.pathname}`);
    const failure = faults.takeFailure();
    if (failure !== undefined) return json(response, failure, { message: 'Failed by the test' });
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/issues(?:\/(\d+))?)?$/.exec(url.pathname);
    if (!match) return notFound(response);
    const full = `${decodeURIComponent(match[1] ?? '')}/${decodeURIComponent(match[2] ?? '')}`;
    const token = /^(?:token|bearer) (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (options.anyToken && token) tokens.set(token, new Set([full.toLowerCase()]));
    if (!token || !tokens.has(token))
      return json(response, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    // A fine-grained token sees only its repositories; others are "Not Found", as on GitHub.
    if (!tokens.get(token)?.has(full.toLowerCase())) return notFound(response);
    const repo = repoOf(full);
    if (!match[3] && request.method === 'GET')
      return json(response, 200, {
        id: 1,
        name: repo.name,
        full_name: `${repo.owner}/${repo.name}`,
        has_issues: true,
        permissions: { admin: false, push: true, pull: true },
      });
    if (match[3] && !match[4] && request.method === 'POST') {
      const input = await readJson<{ title?: string; body?: string }>(request);
      if (!input.title)
        return json(response, 422, {
          message: 'Validation Failed',
          errors: [{ field: 'title', code: 'missing_field' }],
        });
      await delayCreate(standIn.createDelayMs);
      const issue = newIssue(repo, input.title, input.body ?? '');
      if (faults.takeLostAnswer()) return json(response, 502, { message: 'Server Error' });
      return json(response, 201, issue);
    }
    if (match[4] && request.method === 'GET') {
      const issue = repo.issues.find((candidate) => candidate.number === Number(match[4]));
      return issue ? json(response, 200, issue) : notFound(response);
    }
    if (match[3] && !match[4] && request.method === 'GET') {
      const since = url.searchParams.get('since');
      const state = url.searchParams.get('state') ?? 'open';
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      const list = repo.issues
        .filter((issue) => state === 'all' || issue.state === state)
        .filter((issue) => !since || issue.updated_at >= since.replace(/\.\d+Z$/, 'Z'))
        .sort((a, b) => b.number - a.number);
      return json(response, 200, list.slice((page - 1) * perPage, page * perPage));
    }
    return notFound(response);
  };

  // The test's hand on GitHub from another process (e2e workers; the server runs in global setup).
  const repositoryOf = (input: ControlInput, url: URL) =>
    String(input.repository ?? url.searchParams.get('repository') ?? '');
  const server = await startStandInServer({
    handle,
    fail: (response, error) => json(response, 500, { message: String(error) }),
    control: () => ({
      tokens: (input, url) =>
        standIn.allowToken(String(input.token ?? ''), [repositoryOf(input, url)]),
      hooks: (input, url) =>
        standIn.addHook(repositoryOf(input, url), {
          url: String(input.url ?? ''),
          secret: String(input.secret ?? ''),
        }),
      issues: (input, url) => standIn.issues(repositoryOf(input, url)),
      close: (input, url) =>
        standIn.closeIssue(repositoryOf(input, url), Number(input.number ?? 0)),
    }),
  });
  baseUrl = server.origin;

  const standIn: GitHubStandIn = {
    url: baseUrl,
    requests,
    deliveries,
    createDelayMs: 0,
    issues: (repository) => repoOf(repository).issues,
    allowToken(token, repositories) {
      tokens.set(token, new Set(repositories.map((name) => name.toLowerCase())));
    },
    addHook(repository, hook) {
      repoOf(repository).hooks.push(hook);
    },
    seedIssue(repository, input) {
      const issue = newIssue(repoOf(repository), input.title, '');
      if (input.isPullRequest) issue.pull_request = { url: `${baseUrl}/pulls/${issue.number}` };
      return issue;
    },
    async closeIssue(repository, number, reason = 'completed') {
      const issue = findIssue(repository, number);
      Object.assign(issue, { state: 'closed', state_reason: reason, updated_at: stamp() });
      return send(repoOf(repository), 'closed', issue);
    },
    async reopenIssue(repository, number) {
      const issue = findIssue(repository, number);
      Object.assign(issue, { state: 'open', state_reason: 'reopened', updated_at: stamp() });
      return send(repoOf(repository), 'reopened', issue);
    },
    async assignIssue(repository, number, login) {
      const issue = findIssue(repository, number);
      Object.assign(issue, { assignee: { login }, updated_at: stamp() });
      return send(repoOf(repository), 'assigned', issue);
    },
    changeSilently(repository, number, change) {
      Object.assign(findIssue(repository, number), change, { updated_at: stamp() });
    },
    loseNextCreateAnswers: (count) => faults.loseNextCreateAnswers(count),
    failNext: (count, status = 503) => faults.failNext(count, status),
    close: () => server.close(),
  };
  return standIn;
}
