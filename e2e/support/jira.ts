import {
  JIRA_CONTROL_PREFIX,
  type JIRA_STATUSES,
  type JiraStandInDelivery,
  type JiraStandInIssue,
} from '../../apps/server/test/support/jira-stand-in';
import { callStandIn } from './stand-in-control';

/**
 * The e2e run's Jira Cloud stand-in (started by global setup; its URL is the site an admin
 * enters), driven over its control endpoints: what a Jira admin or developer would do there.
 */
export const jira = {
  /** The site URL (`JIRA_STAND_IN_URL`). */
  site: () => process.env.JIRA_STAND_IN_URL ?? '',
  call: <T>(name: string, body?: unknown) =>
    callStandIn<T>('JIRA_STAND_IN_URL', JIRA_CONTROL_PREFIX, name, body),
  /** A Jira administrator's e-mail and API token that can use `project`. */
  allowToken: (email: string, token: string, project: string) =>
    jira.call('tokens', { email, token, project }),
  issues: (project: string) =>
    jira.call<JiraStandInIssue[]>(`issues?project=${encodeURIComponent(project)}`),
  /** Moves the issue to a status in Jira: the signed `jira:issue_updated` webhook goes out. */
  moveIssue: (key: string, status: keyof typeof JIRA_STATUSES) =>
    jira.call<JiraStandInDelivery[]>('move', { key, status }),
};
