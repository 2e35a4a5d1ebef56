// The lint rule `waymark/owned-table-writes` (issue 26): a server module writes only the tables
// its manifest owns; a write to another module's table calls that module's exported function.
// It reads the source, not types (docs/architecture.md "Server modules" says what it sees).

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
/** SQL text ending where a written table follows: `insert into`, `update`, `delete from`. */
const WRITE_BEFORE_TABLE = /(?:insert\s+into|(?<!(?:do|for|key)\s+)update|delete\s+from)\s*$/i;
/** The same with the table named in the text (`"org_members"` or `org_members`). */
const WRITE_OF_NAME = /(?:insert\s+into|(?<!(?:do|for|key)\s+)update|delete\s+from)\s+"?(\w+)"?/gi;
/** Calls whose string argument is raw SQL. */
const RAW_SQL_CALLS = new Set(['raw', 'query', 'execute']);

/**
 * The ESLint plugin holding the rule, built from the modules' manifests (`readModuleManifests`)
 * and the schema's tables (`readSchemaTables`: export name → SQL name).
 */
export function ownedTableWrites(manifests, tables) {
  const ownerOf = new Map();
  for (const manifest of manifests)
    for (const table of manifest.ownsTables) ownerOf.set(table, manifest.name);
  const exportOf = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));
  const rule = {
    meta: {
      type: 'problem',
      docs: { description: 'A server module writes only the tables its manifest owns.' },
      schema: [],
      messages: {
        foreign:
          'Module "{{module}}" writes {{table}}, which module "{{owner}}" owns: call a function exported by modules/{{owner}}/index.ts (pass the transaction).',
      },
    },
    create(context) {
      const module = /[/\\]apps[/\\]server[/\\]src[/\\]modules[/\\]([^/\\]+)[/\\]/.exec(
        context.filename,
      )?.[1];
      if (!module) return {};
      const schemaNames = new Map();
      const check = (node, table) => {
        const owner = ownerOf.get(table);
        if (owner === undefined || owner === module) return;
        const data = { module, table: tables.get(table) ?? table, owner };
        context.report({ node, messageId: 'foreign', data });
      };
      const checkText = (node, text) => {
        for (const match of text.matchAll(WRITE_OF_NAME)) {
          const table = exportOf.get(match[1]);
          if (table) check(node, table);
        }
      };
      return {
        ImportDeclaration(node) {
          if (!/(^|\/)db\/schema(\/index)?$/.test(String(node.source.value))) return;
          for (const specifier of node.specifiers)
            if (specifier.type === 'ImportSpecifier')
              schemaNames.set(specifier.local.name, specifier.imported.name);
        },
        CallExpression(node) {
          const callee = node.callee;
          if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
          const [first] = node.arguments;
          const method = callee.property.name;
          if (WRITE_METHODS.has(method) && first?.type === 'Identifier') {
            const table = schemaNames.get(first.name);
            if (table) check(node, table);
          }
          if (
            RAW_SQL_CALLS.has(method) &&
            first?.type === 'Literal' &&
            typeof first.value === 'string'
          )
            checkText(node, first.value);
        },
        TaggedTemplateExpression(node) {
          if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
          const { quasis, expressions } = node.quasi;
          quasis.forEach((quasi, index) => {
            const text = quasi.value.cooked ?? quasi.value.raw;
            checkText(node, text);
            const next = expressions[index];
            if (next?.type === 'Identifier' && WRITE_BEFORE_TABLE.test(text)) {
              const table = schemaNames.get(next.name);
              if (table) check(node, table);
            }
          });
        },
      };
    },
  };
  return { rules: { 'owned-table-writes': rule } };
}
