import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, regenerateArchitectureDoc } from './module-table.mjs';
import {
  renderModuleTable,
  replaceModuleTable,
  TABLE_END,
  TABLE_START,
} from './module-manifests.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the module table in docs/architecture.md', () => {
  it('is the one the manifests generate (run `npm run docs:modules` when this fails)', async () => {
    const committed = readFileSync(path.join(ROOT, ARCHITECTURE_DOC), 'utf8');
    expect(committed).toBe(await regenerateArchitectureDoc(ROOT));
  });

  it('changes when a manifest changes, so a stale table is seen', () => {
    const manifest = {
      name: 'pins',
      summary: 'Pins.',
      dependsOn: ['items'],
      ownsTables: ['itemPins'],
    };
    const tables = new Map([['itemPins', 'item_pins']]);
    const before = renderModuleTable([manifest], tables);
    const after = renderModuleTable([{ ...manifest, dependsOn: ['items', 'teams'] }], tables);
    expect(before).toContain('| `pins` | Pins. | `item_pins` | items | — |');
    expect(after).not.toBe(before);
    const doc = `intro\n${TABLE_START}\nold\n${TABLE_END}\nrest\n`;
    expect(replaceModuleTable(doc, after)).toBe(
      `intro\n${TABLE_START}\n\n${after}\n\n${TABLE_END}\nrest\n`,
    );
  });
});
