// The architecture doc as it should be: its module table regenerated from the manifests and the
// whole file formatted by Prettier, so `npm run docs:modules` and the staleness test agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import {
  readModuleManifests,
  readSchemaTables,
  renderModuleTable,
  replaceModuleTable,
} from './module-manifests.mjs';

/** The repository's architecture doc. */
export const ARCHITECTURE_DOC = 'docs/architecture.md';

/** docs/architecture.md with a fresh module table, formatted as `prettier --check` expects. */
export async function regenerateArchitectureDoc(root) {
  const file = path.join(root, ARCHITECTURE_DOC);
  const table = renderModuleTable(readModuleManifests(root), readSchemaTables(root));
  const doc = replaceModuleTable(readFileSync(file, 'utf8'), table);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(doc, { ...options, filepath: file });
}
