// `npm run docs:modules`: writes the module table of docs/architecture.md from the modules'
// manifests (scripts/lib/module-manifests.mjs). scripts/lib/module-table.test.ts fails when stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ARCHITECTURE_DOC, regenerateArchitectureDoc } from './lib/module-table.mjs';

const root = path.resolve(import.meta.dirname, '..');
writeFileSync(path.join(root, ARCHITECTURE_DOC), await regenerateArchitectureDoc(root));
console.log(`${ARCHITECTURE_DOC}: module table regenerated.`);
