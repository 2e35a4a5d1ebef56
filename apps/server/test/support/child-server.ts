import { spawn, type ChildProcess } from 'node:child_process';
import { inject, vi } from 'vitest';
import type { InjectRequest, InjectResponse, Injector } from './identity-browser';

/**
 * The server's `main.js`, bundled from this run's `src/` by the project's global setup
 * (global-setup-main-bundle.ts): what `npm run build` ships, started from one file.
 */
export function serverMainBundle(): string {
  return inject('serverMainBundle');
}

/** A real Waymark server process (src/main.ts bundled), for tests that kill it. */
export type ChildServer = {
  /** `http://127.0.0.1:<port>`, also its PUBLIC_URL. */
  url: string;
  /** Its process id (with WEB_CONCURRENCY > 1, the primary's). */
  pid: number;
  /** Everything it wrote to stdout and stderr so far, for failure messages. */
  output: () => string;
  /** SIGKILL: no shutdown hook runs, as when a machine loses power. Resolves once it is gone. */
  kill: () => Promise<void>;
  /** SIGTERM: a graceful shutdown, as a deploy does. Resolves with the exit code once it is gone. */
  stop: () => Promise<number | null>;
  /**
   * SIGINT to the server's whole process group, as Ctrl-C in a terminal sends it (the server
   * runs in a group of its own). Resolves with the exit code once it is gone.
   */
  interrupt: () => Promise<number | null>;
};

/**
 * Starts the server ({@link serverMainBundle}) with `env` on top of this process's environment
 * and waits (up to `readyTimeoutMs`, default 60 s) until `/readyz` answers 200 (database
 * migrated, job queue running).
 */
export async function startChildServer(
  env: Record<string, string>,
  { readyTimeoutMs = 60_000 }: { readyTimeoutMs?: number } = {},
): Promise<ChildServer> {
  const url = `http://127.0.0.1:${env.PORT}`;
  const child: ChildProcess = spawn(process.execPath, [serverMainBundle()], {
    env: { ...process.env, HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal's foreground job: `interrupt` signals the group.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const server = {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    interrupt: async () => {
      if (child.pid) process.kill(-child.pid, 'SIGINT');
      return exited;
    },
  };
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const response = await fetch(`${url}/readyz`);
      if (response.status !== 200) throw new Error(`not ready: ${response.status}`);
    },
    { timeout: readyTimeoutMs, interval: 200 },
  );
  return server;
}

/** An {@link Injector} over real HTTP, so `TestBrowser` can drive a {@link ChildServer}. */
export function httpInjector(baseUrl: string): Injector {
  return {
    async inject(request: InjectRequest): Promise<InjectResponse> {
      // fetch sets Host itself, from the URL.
      const { host: _host, ...headers } = request.headers;
      const response = await fetch(new URL(request.url, baseUrl), {
        method: request.method,
        headers,
        body: request.payload,
        redirect: 'manual',
      });
      return {
        statusCode: response.status,
        headers: Object.fromEntries(response.headers),
        body: await response.text(),
        cookies: response.headers.getSetCookie().map(parseSetCookie),
      };
    },
  };
}

function parseSetCookie(header: string): InjectResponse['cookies'][number] {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const cookie: InjectResponse['cookies'][number] = {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
  };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    if (key.toLowerCase() === 'path') cookie.path = value;
    if (key.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
    if (key.toLowerCase() === 'expires' && Date.parse(value) < Date.now()) cookie.maxAge = 0;
  }
  return cookie;
}
