/**
 * A problem the operator must fix before the server can start (unwritable data directory,
 * unreachable database, …). `main` prints only its message — no stack trace — and exits 1.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}
