import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/** The smallest view of a chunk the cycle search needs: its file and the files it imports statically. */
export type ChunkImports = { fileName: string; imports: string[] };

/**
 * A cycle in `chunks`' static imports, as the files in import order with the first repeated at
 * the end (`a.js → b.js → a.js`), or null. In a cycle, the page that loads one of its chunks first
 * runs the other's modules before the ones they read: the side panel's first code as one chunk
 * shared with the other pages made them throw `… is not a function` at start (decision 0096).
 */
export function chunkCycle(chunks: ChunkImports[]): string[] | null {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | null => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    path.push(file);
    onPath.add(file);
    for (const next of byFile.get(file)?.imports ?? []) {
      const cycle = byFile.has(next) ? visit(next) : null;
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const chunk of chunks) {
    const cycle = visit(chunk.fileName);
    if (cycle) return cycle;
  }
  return null;
}

/** Fails the build when its chunks import each other in a cycle (see {@link chunkCycle}). */
export function noChunkCycles(): Plugin {
  return {
    name: 'waymark:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [{ fileName: output.fileName, imports: output.imports }] : [],
      );
      const cycle = chunkCycle(chunks);
      if (cycle)
        this.error(
          `no-chunk-cycles: chunks import each other: ${cycle.join(' → ')}. A page loading one of them can run a module before those it reads (decision 0096); change the build's chunking.`,
        );
    },
  };
}
