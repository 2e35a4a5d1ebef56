import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer } from '../../scripts/lib/start-server.mjs';
import { startGitHubStandIn } from '../../apps/server/test/support/github-stand-in';
import { startJiraStandIn } from '../../apps/server/test/support/jira-stand-in';
import { startLinearStandIn } from '../../apps/server/test/support/linear-stand-in';
import { EXTENSION_DIST, ROOT } from './paths';

/**
 * Starts the built server once for the run; its URL and data directory reach the workers through
 * the environment (Playwright passes globalSetup's env changes on to them).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const built of [
    'apps/server/dist/main.js',
    'apps/portal/dist/index.html',
    `${EXTENSION_DIST}/manifest.json`,
  ]) {
    if (!existsSync(resolve(ROOT, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  // BILLING_TEST_CLOCK: billing specs move the billing clock (support/billing-clock.ts).
  // WEBHOOK_ALLOW_PRIVATE: the integrations spec's webhook receiver listens on loopback.
  // GITHUB_API_URL, LINEAR_API_URL: the trackers spec's stand-ins, driven over HTTP
  // (support/github.ts, support/linear.ts). The Jira stand-in is a site the admin enters
  // (support/jira.ts); it listens on loopback, allowed by WEBHOOK_ALLOW_PRIVATE.
  // SIGN_UP_LIMIT_PER_IP: every spec signs its people up from this one loopback address, ~50 in a
  // run, past the 30 an hour one address may submit (decision 0134).
  const github = await startGitHubStandIn();
  const linear = await startLinearStandIn();
  const jira = await startJiraStandIn();
  const server = await startServer({
    env: {
      BILLING_TEST_CLOCK: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SIGN_UP_LIMIT_PER_IP: '1000',
      GITHUB_API_URL: github.url,
      LINEAR_API_URL: linear.url,
    },
  });
  process.env.WAYMARK_URL = server.url;
  process.env.WAYMARK_DATA_DIR = server.dataDir;
  process.env.GITHUB_STAND_IN_URL = github.url;
  process.env.LINEAR_STAND_IN_URL = linear.url;
  process.env.JIRA_STAND_IN_URL = jira.url;
  return async () => {
    await server.stop();
    await github.close();
    await linear.close();
    await jira.close();
  };
}
