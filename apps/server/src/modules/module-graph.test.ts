import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10 §4: no import cycles in the server, between files or between modules. Reads the value
 * imports (`import type` is erased at build and cannot form a runtime cycle) of every source file
 * under src/. A stop-gap until a lint rule (import-x/no-cycle) enforces the same in `npm run lint`.
 */
const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const VALUE_IMPORT = /^import (?!type )[^;]*?from '(\.[^']+)';/gms;

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(VALUE_IMPORT)].map((match) => {
      const target = path.resolve(path.dirname(file), match[1] ?? '');
      return target.endsWith('.ts') ? target : `${target}.ts`;
    });
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

const moduleOf = (file: string) => /modules[/\\]([^/\\]+)[/\\]/.exec(path.relative(SRC, file))?.[1];

describe('server import graph', () => {
  const graph = importGraph();

  it('reads the modules it guards', () => {
    expect([...graph.keys()].map(moduleOf)).toEqual(expect.arrayContaining(['access', 'items']));
  });

  it('has no cycle between files', () => {
    const cycles = findCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(SRC, file)).join(' → '),
    );
    expect(cycles).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const modules = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const target of targets) {
        const to = moduleOf(target);
        if (to && to !== from) modules.set(from, (modules.get(from) ?? new Set()).add(to));
      }
    }
    expect(findCycles(modules).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const looped = new Map([
      ['a', ['b']],
      ['b', ['a']],
    ]);
    expect(findCycles(looped)).toEqual([['a', 'b', 'a']]);
  });
});
