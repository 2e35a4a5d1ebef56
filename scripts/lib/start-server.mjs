// Starts the built server (apps/server/dist/main.js) on a free loopback port with its own data
// directory, for the e2e tests and the benchmarks. Not used by the product itself.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Resolves to a TCP port that was free on 127.0.0.1 a moment ago. */
export function findFreePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the server and waits until /readyz answers 200.
 * @param {{ env?: Record<string, string>, timeoutMs?: number, log?: (line: string) => void, nodePath?: string, port?: number, mainPath?: string }} [options]
 *   `nodePath`: the Node.js binary to run it on (default: this process's); `port`: a port to
 *   listen on (default: a free one) — a restart on the same port, as clients know it;
 *   `mainPath`: another build's `main.js` (a benchmark's A/B against the base commit).
 * @returns {Promise<{ url: string, port: number, pid: number | undefined, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startServer(options = {}) {
  const port = options.port ?? (await findFreePort());
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'waymark-'));
  // mkdtemp makes a 0700 directory; as root, PostgreSQL runs as "postgres" and must traverse it.
  if (!options.env?.DATA_DIR) chmodSync(dataDir, 0o755);
  const url = `http://localhost:${port}`;
  const child = spawn(
    options.nodePath ?? process.execPath,
    [options.mainPath ?? join(ROOT, 'apps/server/dist/main.js')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    options.log?.(String(chunk));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolveExit) => child.once('exit', (code) => resolveExit(code)));

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not become ready in time:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.env?.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The connection string of the embedded PostgreSQL of a server started with `dataDir`, for tests
 * and benchmarks that arrange data no API offers: the server keeps the generated password in
 * `<dataDir>/postgres-password` and PostgreSQL writes its port on line 4 of `postmaster.pid`.
 * @param {string} dataDir
 * @returns {string}
 */
export function embeddedDatabaseUrl(dataDir) {
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = Number(
    readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3],
  );
  if (!Number.isInteger(port) || port <= 0) throw new Error('No port in postmaster.pid');
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/waymark`;
}
