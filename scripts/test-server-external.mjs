// The server suite again on an external PostgreSQL (CI: Debian's PostgreSQL 15, the product's
// `DATABASE_URL` path) when WAYMARK_TEST_EXTERNAL_DATABASE_URL names one; nothing otherwise.
// `npm test` runs it beside the end-to-end tests, which spend most of their time waiting on the
// browser (0.8 of two cores measured): at a lower priority it fills the idle core without taking
// CPU the browser tests would wait for (decision 0097).
import { spawnSync } from 'node:child_process';
import { setPriority } from 'node:os';

const url = process.env.WAYMARK_TEST_EXTERNAL_DATABASE_URL;
if (!url) {
  console.log(
    'No WAYMARK_TEST_EXTERNAL_DATABASE_URL: the external-database server pass is skipped.',
  );
  process.exit(0);
}

// Inherited by vitest and its workers (the external server's own priority is its starter's).
setPriority(10);
// At the lower priority a test can wait for a core while the browsers are busy: time-outs four
// times the suite's own (vitest.config.ts), so waiting is not mistaken for a hang.
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, WAYMARK_TEST_TIME_SCALE: '4' },
});
process.exit(run.status ?? 1);
