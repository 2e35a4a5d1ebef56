// Reads the server modules' manifests (`defineModule({ … })` in modules/<name>/index.ts) from the
// source, without running it: eslint.config.js builds its zones and the owned-table rule from
// them, and scripts/docs-modules.mjs the module table. A test compares them with the running ones.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Where the server's modules live, from the repository root. */
export const MODULES_DIR = 'apps/server/src/modules';
const SCHEMA_DIR = 'apps/server/src/db/schema';

/**
 * Every module's manifest as declared: `{ name, summary, dependsOn, ownsTables }`, sorted by
 * name. `ownsTables` holds the schema's export names (`orgMembers`). Throws when a module folder
 * has no literal manifest.
 */
export function readModuleManifests(root) {
  const dir = path.join(root, MODULES_DIR);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => readManifest(path.join(dir, entry.name, 'index.ts'), entry.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function readManifest(file, folder) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  let manifest;
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineModule' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    )
      manifest = node.arguments[0];
    else ts.forEachChild(node, visit);
  };
  visit(source);
  if (!manifest) throw new Error(`${file}: no defineModule({ … }) manifest.`);
  const property = (key) =>
    manifest.properties.find(
      (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === key,
    )?.initializer;
  const literal = (key) => {
    const value = property(key);
    if (!value || !ts.isStringLiteralLike(value))
      throw new Error(`${file}: ${key} is not a literal.`);
    return value.text;
  };
  const list = (key, isItem, read) => {
    const value = property(key);
    if (!value || !ts.isArrayLiteralExpression(value) || !value.elements.every(isItem))
      throw new Error(`${file}: ${key} is not a literal list.`);
    return value.elements.map(read);
  };
  const name = literal('name');
  if (name !== folder)
    throw new Error(`${file}: the manifest's name "${name}" is not "${folder}".`);
  return {
    name,
    summary: literal('summary'),
    dependsOn: list('dependsOn', ts.isStringLiteralLike, (e) => e.text),
    ownsTables: list('ownsTables', ts.isIdentifier, (e) => e.text),
  };
}

/** The schema's tables: export name (`orgMembers`) → SQL name (`org_members`). */
export function readSchemaTables(root) {
  const tables = new Map();
  const dir = path.join(root, SCHEMA_DIR);
  for (const file of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'([^']+)'/g))
      tables.set(match[1], match[2]);
  }
  return tables;
}

/** The markers docs/architecture.md keeps the generated module table between. */
export const TABLE_START = '<!-- module-table:start (npm run docs:modules) -->';
export const TABLE_END = '<!-- module-table:end -->';

/** The module table as Markdown: each module, what it is for, its tables, and both directions. */
export function renderModuleTable(manifests, tables) {
  const usedBy = (name) => manifests.filter((m) => m.dependsOn.includes(name)).map((m) => m.name);
  const cell = (names) => (names.length ? names.join(', ') : '—');
  const rows = manifests.map((m) => [
    `\`${m.name}\``,
    m.summary.replaceAll('|', '\\|'),
    cell(m.ownsTables.map((table) => `\`${tables.get(table) ?? table}\``)),
    cell(m.dependsOn),
    cell(usedBy(m.name)),
  ]);
  const header = ['module', 'what it is for', 'owns tables', 'depends on', 'used by'];
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/** `doc` with the text between the table markers replaced by `table`; throws without markers. */
export function replaceModuleTable(doc, table) {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`No ${TABLE_START} … ${TABLE_END} markers.`);
  return `${doc.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${doc.slice(end)}`;
}
