import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10 §4: no import cycles in the server, the portal or the extension, between files or
 * between their parts (server modules, portal features, extension folders). Reads the value
 * imports and re-exports (`import type` is erased at build and cannot form a runtime cycle) of
 * every source file.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const VALUE_IMPORT = /^(?:import|export) (?!type )[^;]*?from '(\.[^']+)';/gms;

function resolveSource(target: string): string {
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
  return (
    candidates.find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate)) ?? target
  );
}

function importGraph(src: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(VALUE_IMPORT)].map((match) =>
      resolveSource(path.resolve(path.dirname(file), match[1] ?? '')),
    );
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle a depth-first walk meets, as the list of nodes around it. */
function findCycles(graph: Map<string, Iterable<string>>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** Each app's source, and how to name the part a file belongs to. */
const APPS = [
  {
    name: 'server',
    src: path.join(ROOT, 'apps/server/src'),
    partOf: (relative: string) => /^modules[/\\]([^/\\]+)[/\\]/.exec(relative)?.[1],
    parts: ['access', 'items'],
  },
  {
    name: 'portal',
    src: path.join(ROOT, 'apps/portal/src'),
    partOf: (relative: string) => /^features[/\\]([^/\\]+)[/\\]/.exec(relative)?.[1],
    parts: ['auth', 'pricing'],
  },
  {
    name: 'extension',
    src: path.join(ROOT, 'apps/extension/src'),
    partOf: (relative: string) => /^([^/\\]+)[/\\]/.exec(relative)?.[1],
    parts: ['sidepanel', 'platform'],
  },
];

describe.each(APPS)('$name import graph', ({ src, partOf, parts }) => {
  const graph = importGraph(src);
  const part = (file: string) => partOf(path.relative(src, file));

  it('reads the parts it guards', () => {
    expect([...graph.keys()].map(part)).toEqual(expect.arrayContaining(parts));
  });

  it('has no cycle between files', () => {
    const cycles = findCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(src, file)).join(' → '),
    );
    expect(cycles).toEqual([]);
  });

  it('has no cycle between parts', () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = part(file);
      if (!from) continue;
      for (const target of targets) {
        const to = part(target);
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(findCycles(edges).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

describe('findCycles', () => {
  it('finds a cycle when there is one', () => {
    const looped = new Map([
      ['a', ['b']],
      ['b', ['a']],
    ]);
    expect(findCycles(looped)).toEqual([['a', 'b', 'a']]);
  });
});
