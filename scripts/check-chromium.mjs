// Run by `npm test` before the end-to-end tests: Debian's Chromium must be there (no browser is
// ever downloaded). Installs it when this machine can (root with apt-get), otherwise stops at once
// with one line saying what to install (issue 10).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { decideChromium } from './lib/runtime-checks.mjs';

// Scripts may read the environment (eslint.config.js CONFIG_MODULES); e2e/support/paths.ts agrees.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const decision = decideChromium({
  hasChromium: existsSync(chromiumPath),
  isRoot: process.getuid?.() === 0,
  hasAptGet: spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0,
  chromiumPath,
});
if (decision.action === 'stop') {
  console.error(decision.message);
  process.exit(1);
}
if (decision.action === 'install') {
  console.log('Chromium is missing: installing Debian’s package (apt-get install chromium)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync(decision.command[0], decision.command.slice(1), {
    stdio: 'inherit',
    env,
  });
  if (update.status !== 0 || install.status !== 0 || !existsSync(chromiumPath)) {
    console.error(
      `Could not install Chromium; install it yourself (apt-get install chromium) and run npm test again.`,
    );
    process.exit(1);
  }
}
