import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (longest or largest file first), but with the projects of one `groupOrder`
 * taken in turn instead of one project after the other. In CI, `server` (embedded PostgreSQL)
 * and `server-external` (Debian's PostgreSQL 15) share four workers: in turn, each database
 * server has about two files at a time, as when each pass ran alone, instead of four on one
 * and none on the other (decision 0091).
 */
export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = new Map<number, Map<string, TestSpecification[]>>();
    for (const file of sorted) {
      const group = file.project.config.sequence.groupOrder;
      const projects = groups.get(group) ?? new Map<string, TestSpecification[]>();
      groups.set(group, projects);
      projects.set(file.project.name, [...(projects.get(file.project.name) ?? []), file]);
    }
    // Map order is first-seen order, which is already the group order of `sorted`.
    return [...groups.values()].flatMap((projects) => takeInTurn([...projects.values()]));
  }
}

/** [[a1, a2, a3], [b1, b2]] → [a1, b1, a2, b2, a3]. */
function takeInTurn<T>(lists: T[][]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, index) =>
    lists.flatMap((list) => (index < list.length ? [list[index] as T] : [])),
  ).flat();
}
