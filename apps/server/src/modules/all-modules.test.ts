import path from 'node:path';
import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  readModuleManifests,
  readSchemaTables,
} from '../../../../scripts/lib/module-manifests.mjs';
import { ALL_MODULES } from './all-modules';

/**
 * Lint and the docs read the manifests from the source; the app runs them. Both must be the same
 * manifests, listing every module and owning every table once.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const declared = readModuleManifests(ROOT);
const schemaTables = readSchemaTables(ROOT);

describe('module manifests', () => {
  it('lists every module folder in ALL_MODULES', () => {
    expect(ALL_MODULES.map((m) => m.name).sort()).toEqual(declared.map((m) => m.name));
  });

  it('declares in the source what the app runs', () => {
    const running = ALL_MODULES.map((m) => ({
      name: m.name,
      summary: m.summary,
      dependsOn: [...m.dependsOn],
      ownsTables: m.ownsTables.map((table) => getTableName(table)),
    })).sort((a, b) => a.name.localeCompare(b.name));
    const read = declared.map((m) => ({
      ...m,
      ownsTables: m.ownsTables.map((table) => schemaTables.get(table)),
    }));
    expect(running).toEqual(read);
  });

  it('gives every table of the schema exactly one owner', () => {
    const owners = declared.flatMap((m) => m.ownsTables);
    expect([...owners].sort()).toEqual([...schemaTables.keys()].sort());
    expect(new Set(owners).size).toBe(owners.length);
  });
});
