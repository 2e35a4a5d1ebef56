// Decisions of scripts/check-runtime.mjs, kept free of I/O so scripts/lib/runtime-checks.test.mjs
// can prove them.

/** The Node.js major the product and its tests run on (issue 10: Node 20 is past end of life). */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * Whether `version` (as `process.version`) is new enough, and the one line to print when not.
 * @param {string} version
 * @returns {{ ok: true } | { ok: false, message: string }}
 */
export function checkNodeVersion(version) {
  const major = Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
  if (major >= REQUIRED_NODE_MAJOR) return { ok: true };
  return {
    ok: false,
    message: `Waymark needs Node.js ${REQUIRED_NODE_MAJOR} or later, but npm ran ${version}: on Linux (x64, arm64) and Windows (x64) \`npm ci\` installs it into node_modules/.bin; elsewhere install Node.js ${REQUIRED_NODE_MAJOR} LTS.`,
  };
}

/**
 * What to do about the browser the end-to-end tests drive.
 * @param {{ hasChromium: boolean, isRoot: boolean, hasAptGet: boolean, chromiumPath: string }} machine
 * @returns {{ action: 'run' } | { action: 'install', command: string[] } | { action: 'stop', message: string }}
 */
export function decideChromium({ hasChromium, isRoot, hasAptGet, chromiumPath }) {
  if (hasChromium) return { action: 'run' };
  if (isRoot && hasAptGet)
    return {
      action: 'install',
      command: ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
    };
  return {
    action: 'stop',
    message: `The end-to-end tests need Chromium at ${chromiumPath}: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH, then run npm test again.`,
  };
}
