import path from 'node:path';
import { ESLint } from 'eslint';

/** The repository's root, where eslint.config.js is. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Lints `code` as if it were the existing file `file` (relative to the root) with the
 * repository's real eslint.config.js, and returns the messages of rule `ruleId` only.
 *
 * Only that rule runs, and without type information: the rules these tests are about read
 * imports and calls, not types, while the typed parse of the real config builds a TypeScript
 * program of the whole workspace first — about three minutes of the unit suite's CPU on CI.
 */
export async function lintMessages(code: string, file: string, ruleId: string): Promise<string[]> {
  const eslint = linterFor(ruleId);
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const fatal = result?.messages.find((message) => message.fatal);
  // A parse error would hide every rule's message and let "no error" cases pass for nothing.
  if (fatal) throw new Error(`${file} did not parse: ${fatal.message}`);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}

const linters = new Map<string, ESLint>();

function linterFor(ruleId: string): ESLint {
  let eslint = linters.get(ruleId);
  if (!eslint) {
    eslint = new ESLint({
      cwd: ROOT,
      ruleFilter: (rule) => rule.ruleId === ruleId,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false, project: null } },
      },
    });
    linters.set(ruleId, eslint);
  }
  return eslint;
}
