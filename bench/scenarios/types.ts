import type { Target } from '../lib/measure';

/** What a scenario loads once its data is in place. */
export type PreparedScenario = {
  /** The trivial endpoint every figure is divided by, measured in the same run. */
  baseline: Target;
  /** The calls under test. */
  targets: Target[];
  /** Anything a reader of the figures should know (data sizes, caveats). */
  notes?: string;
};

/** What the harness gives a scenario besides the server's URL. */
export type BenchContext = {
  /** The server's DATA_DIR: its embedded PostgreSQL lives there (see lib/database.ts). */
  dataDir: string;
  /** Signs access tokens the server accepts (it trusts this loopback issuer via OIDC_ISSUER). */
  signToken: (options?: { subject?: string; email?: string }) => Promise<string>;
  /** The server's process id, to read its memory. */
  serverPid: number;
};

/** A benchmark: seeds what it needs on the running server, then names what to load. */
export type Scenario = {
  /** Short name, also the section key in docs/benchmarks.md. */
  name: string;
  /** One sentence on what is measured and why. */
  description: string;
  /** Seeds data and returns the targets; `serverUrl` is the server's base URL. */
  prepare: (serverUrl: string, context: BenchContext) => Promise<PreparedScenario>;
  /**
   * Measures in its own way instead of the baseline/target rounds (e.g. concurrent mixed load),
   * given what `prepare` returned; answers the Markdown table rows and notes of its section.
   */
  run?: (prepared: PreparedScenario, context: BenchContext) => Promise<string[]>;
};
