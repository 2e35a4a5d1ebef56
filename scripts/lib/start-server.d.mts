/** A server started by {@link startServer}. */
export type StartedServer = {
  /** Base URL, e.g. http://localhost:41234. */
  url: string;
  /** The port it listens on. */
  port: number;
  /** The server process's id (to read its memory). */
  pid: number;
  /** Its data directory (removed on stop unless DATA_DIR was given). */
  dataDir: string;
  /** SIGTERM, wait for exit, remove the temporary data directory. */
  stop: () => Promise<void>;
};

/** Resolves to a TCP port that was free on 127.0.0.1 a moment ago. */
export function findFreePort(): Promise<number>;

/** Starts the built server on a free port and waits until /readyz answers 200. */
export function startServer(options?: {
  env?: Record<string, string>;
  timeoutMs?: number;
  /** The Node.js binary to run the server on; default: this process's. */
  nodePath?: string;
  /** A port to listen on (default: a free one): a restart on the same port, as clients know it. */
  port?: number;
  log?: (line: string) => void;
}): Promise<StartedServer>;

/** The connection string of the embedded PostgreSQL of a server started with `dataDir`. */
export function embeddedDatabaseUrl(dataDir: string): string;
