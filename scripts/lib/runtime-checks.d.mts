/** The Node.js major the product and its tests run on. */
export const REQUIRED_NODE_MAJOR: number;

/** Whether `version` (as `process.version`) is new enough, and the one line to print when not. */
export function checkNodeVersion(version: string): { ok: true } | { ok: false; message: string };

/** What to do about the browser the end-to-end tests drive. */
export function decideChromium(machine: {
  hasChromium: boolean;
  isRoot: boolean;
  hasAptGet: boolean;
  chromiumPath: string;
}):
  | { action: 'run' }
  | { action: 'install'; command: string[] }
  | { action: 'stop'; message: string };
