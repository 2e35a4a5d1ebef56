import {
  CONTROL_PREFIX,
  type StandInDelivery,
  type StandInIssue,
} from '../../apps/server/test/support/github-stand-in';
import { callStandIn } from './stand-in-control';

/**
 * The e2e run's GitHub stand-in (started by global setup, the server's GITHUB_API_URL), driven
 * over its control endpoints: what an admin or developer would do on github.com.
 */
export const github = {
  call: <T>(name: string, body?: unknown) =>
    callStandIn<T>('GITHUB_STAND_IN_URL', CONTROL_PREFIX, name, body),
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
