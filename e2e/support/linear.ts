import {
  LINEAR_CONTROL_PREFIX,
  type LINEAR_STATES,
  type LinearStandInDelivery,
  type LinearStandInIssue,
} from '../../apps/server/test/support/linear-stand-in';

/**
 * The e2e run's Linear stand-in (started by global setup, the server's LINEAR_API_URL), driven
 * over its control endpoints: what an admin or developer would do in Linear.
 */
export const linear = {
  async call<T>(name: string, body?: unknown): Promise<T> {
    const api = process.env.LINEAR_STAND_IN_URL;
    if (!api) throw new Error('LINEAR_STAND_IN_URL is not set: run through global setup');
    const response = await fetch(`${new URL(api).origin}${LINEAR_CONTROL_PREFIX}${name}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`stand-in ${name}: ${response.status}`);
    return (await response.json()) as T;
  },
  /** A workspace admin's API key that can use `team`. */
  allowKey: (apiKey: string, team: string) => linear.call('keys', { apiKey, team }),
  issues: (team: string) =>
    linear.call<LinearStandInIssue[]>(`issues?team=${encodeURIComponent(team)}`),
  /** Moves the issue to a workflow state in Linear: the signed `Issue` webhook goes out. */
  moveIssue: (identifier: string, state: keyof typeof LINEAR_STATES) =>
    linear.call<LinearStandInDelivery[]>('move', { identifier, state }),
};
