import type { TestProject } from 'vitest/node';
import { provideServer } from './global-setup';

/**
 * The `server-own-cluster` project's PostgreSQL: an embedded cluster of its own, without the
 * template (its files build their databases from the migrations themselves). With
 * `DATABASE_URL` set there is one server for both projects, and this project runs after the
 * other instead (vitest.config.ts).
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return provideServer(project);
}
