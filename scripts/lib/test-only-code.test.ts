import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 26: fakes, fixtures and render helpers live in each app's test-only folder, and shipped
 * code never imports them — so no bundle can carry a test fake. Reads every import (value and
 * type) of every non-test source file.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Each app's source folder and its one folder of test-only code. */
const TEST_ONLY = [
  { src: 'apps/server/src', folder: 'apps/server/src/testing' },
  { src: 'apps/portal/src', folder: 'apps/portal/src/testing' },
  { src: 'apps/extension/src', folder: 'apps/extension/src/test' },
];

const IMPORT = /(?:from|import)\s*\(?\s*'(\.[^']+)'/g;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `file → import` for each import of a test-only folder by a file that is not a test itself. */
function shippedImportsOfTestCode(
  files: { file: string; text: string }[],
  testOnlyFolders: string[],
): string[] {
  const inside = (file: string) =>
    testOnlyFolders.some((folder) => file.startsWith(folder + path.sep));
  return files
    .filter(({ file }) => !isTest(file) && !inside(file))
    .flatMap(({ file, text }) =>
      [...text.matchAll(IMPORT)]
        .map((match) => match[1] ?? '')
        .filter((spec) => inside(path.resolve(path.dirname(file), spec)))
        .map((spec) => `${path.relative(ROOT, file)} → ${spec}`),
    );
}

describe('test-only code', () => {
  it('is never imported by shipped code', () => {
    const files = TEST_ONLY.flatMap(({ src }) => sourceFiles(path.join(ROOT, src))).map((file) => ({
      file,
      text: readFileSync(file, 'utf8'),
    }));
    const folders = TEST_ONLY.map(({ folder }) => path.join(ROOT, folder));
    expect(files.length).toBeGreaterThan(100);
    expect(shippedImportsOfTestCode(files, folders)).toEqual([]);
  });

  it('is found when shipped code imports it, and allowed from a test', () => {
    const folder = path.join(ROOT, 'apps/portal/src/testing');
    const screen = path.join(ROOT, 'apps/portal/src/features/account/account-screen.tsx');
    const text = "import { serveBilling } from '../../testing/account-fake-server';\n";
    expect(shippedImportsOfTestCode([{ file: screen, text }], [folder])).toEqual([
      'apps/portal/src/features/account/account-screen.tsx → ../../testing/account-fake-server',
    ]);
    const test = screen.replace('.tsx', '.test.tsx');
    expect(shippedImportsOfTestCode([{ file: test, text }], [folder])).toEqual([]);
  });
});
