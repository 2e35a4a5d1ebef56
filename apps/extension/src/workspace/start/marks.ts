/**
 * The workspace's opening moments as `waymark:*` performance marks, which the bench's
 * `workspace-page` reads to break the time to the first rows into phases (docs/workspace.md,
 * "First rows"). Each is marked once per page: the first time is the opening's.
 */
export type WorkspaceMark =
  'rows-requested' | 'rows-answered' | 'code-loaded' | 'first-render' | 'rows-rendered';

/** Marks `waymark:<name>` unless this page marked it already. */
export function markOnce(name: WorkspaceMark): void {
  const mark = `waymark:${name}`;
  if (performance.getEntriesByName(mark, 'mark').length === 0) performance.mark(mark);
}
