import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  // Module augmentation is the one place an interface is needed.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** `main.js` bundled from this run's `src/` by build.mjs, for the child servers. */
    serverMainBundle: string;
  }
}

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles `src/main.ts` once per run, as `npm run build` does, into a folder of its own one level
 * below the server package (where `src/paths.ts` finds the migrations and the portal, as from
 * `dist/`). A child server then starts from one file: through tsx's loader each start compiled
 * and resolved the module graph again, 2–3× the CPU (decision 0160). Resolves to the teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(SERVER_ROOT, '.test-bundle-'));
  try {
    await promisify(execFile)(process.execPath, [path.join(SERVER_ROOT, 'build.mjs'), dir]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('serverMainBundle', path.join(dir, 'main.js'));
  return () => rm(dir, { recursive: true, force: true });
}
