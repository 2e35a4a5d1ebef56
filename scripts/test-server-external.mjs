// Run by `npm test` beside the end-to-end tests: the server suite again, every file, on the
// external PostgreSQL named by WAYMARK_TEST_EXTERNAL_DATABASE_URL (CI: Debian's 15, started by
// .ci/run), on one worker so the browsers keep a core (decision 0106). Without that variable
// there is nothing to run: the embedded pass of `npm test` has already run the suite.
import { spawnSync } from 'node:child_process';

const url = process.env.WAYMARK_TEST_EXTERNAL_DATABASE_URL;
if (!url) {
  console.log(
    'No WAYMARK_TEST_EXTERNAL_DATABASE_URL: no second server pass on an external database.',
  );
  process.exit(0);
}
console.log('Server database tests against the external DATABASE_URL (one worker, beside e2e)');
const result = spawnSync('npm', ['run', 'test:server'], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, DATABASE_URL: url, SERVER_TEST_WORKERS: '1' },
});
process.exit(result.status ?? 1);
