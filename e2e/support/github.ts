import {
  CONTROL_PREFIX,
  type StandInDelivery,
  type StandInIssue,
} from '../../apps/server/test/support/github-stand-in';

/**
 * The e2e run's GitHub stand-in (started by global setup, the server's GITHUB_API_URL), driven
 * over its control endpoints: what an admin or developer would do on github.com.
 */
export const github = {
  async call<T>(name: string, body?: unknown): Promise<T> {
    const base = process.env.GITHUB_STAND_IN_URL;
    if (!base) throw new Error('GITHUB_STAND_IN_URL is not set: run through global setup');
    const response = await fetch(`${base}${CONTROL_PREFIX}${name}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`stand-in ${name}: ${response.status}`);
    return (await response.json()) as T;
  },
  /** A fine-grained token that can use `repository`. */
  allowToken: (token: string, repository: string) => github.call('tokens', { token, repository }),
  /** Adds the repository's webhook, as Settings → Webhooks does. */
  addHook: (repository: string, hook: { url: string; secret: string }) =>
    github.call('hooks', { repository, ...hook }),
  issues: (repository: string) =>
    github.call<StandInIssue[]>(`issues?repository=${encodeURIComponent(repository)}`),
  /** Closes the issue on GitHub: the signed `issues` webhook goes to every hook. */
  closeIssue: (repository: string, number: number) =>
    github.call<StandInDelivery[]>('close', { repository, number }),
};
