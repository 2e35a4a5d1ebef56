import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10 §4: the repository's own lint configuration refuses an import into a sibling server
 * module's internals and lets the same import through the module's public index.ts. Lints text
 * as if it were an existing file of the items module, with the real eslint.config.js.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImportErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const USE = '\nexport const used = [saveProject];\n';

// Typed linting builds a TypeScript program first: seconds, more on a busy machine.
describe('server module boundaries in eslint.config.js', { timeout: 60_000 }, () => {
  it('refuses a deep import into a sibling module', async () => {
    const errors = await restrictedImportErrors(
      `import { saveProject } from '../projects/save-project';${USE}`,
      'apps/server/src/modules/items/index.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('public file');
  });

  it('refuses it from a module subfolder too', async () => {
    const errors = await restrictedImportErrors(
      `import { saveProject } from '../../projects/save-project';${USE}`,
      'apps/server/src/modules/identity/views/form.ts',
    );
    expect(errors).toHaveLength(1);
  });

  it("allows the sibling's public file and the module's own files", async () => {
    const errors = await restrictedImportErrors(
      `import { saveProject } from '../projects/index';\nimport { x } from './item-lists';\nexport const used = [saveProject, x];\n`,
      'apps/server/src/modules/items/index.ts',
    );
    expect(errors).toEqual([]);
  });
});
