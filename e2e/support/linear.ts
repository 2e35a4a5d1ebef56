import {
  LINEAR_CONTROL_PREFIX,
  type LINEAR_STATES,
  type LinearStandInDelivery,
  type LinearStandInIssue,
} from '../../apps/server/test/support/linear-stand-in';
import { callStandIn } from './stand-in-control';

/**
 * The e2e run's Linear stand-in (started by global setup, the server's LINEAR_API_URL), driven
 * over its control endpoints: what an admin or developer would do in Linear.
 */
export const linear = {
  call: <T>(name: string, body?: unknown) =>
    callStandIn<T>('LINEAR_STAND_IN_URL', LINEAR_CONTROL_PREFIX, name, body),
  /** A workspace admin's API key that can use `team`. */
  allowKey: (apiKey: string, team: string) => linear.call('keys', { apiKey, team }),
  issues: (team: string) =>
    linear.call<LinearStandInIssue[]>(`issues?team=${encodeURIComponent(team)}`),
  /** Moves the issue to a workflow state in Linear: the signed `Issue` webhook goes out. */
  moveIssue: (identifier: string, state: keyof typeof LINEAR_STATES) =>
    linear.call<LinearStandInDelivery[]>('move', { identifier, state }),
};
