// One lint setup for the whole monorepo: typed typescript-eslint rules plus Prettier for format.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readModuleManifests, readSchemaTables } from './scripts/lib/module-manifests.mjs';
import { ownedTableWrites } from './scripts/lib/owned-table-writes.mjs';

/** Files allowed to read the environment: one validated config module per app (docs/style.md). */
const CONFIG_MODULES = [
  'apps/server/src/config.ts',
  'apps/portal/src/config.ts',
  'apps/extension/src/config.ts',
  'e2e/**',
  'bench/**',
  'apps/server/test/**',
  'apps/server/drizzle.config.ts',
  'vitest.config.ts',
  'scripts/**',
];

/** A pattern refusing a deep import into a sibling server module (`up` climbs to modules/). */
const SIBLING_INTERNALS = (up) => ({
  regex: `^${up}(?!\\.\\.)[^/]+/(?!index$).+`,
  message:
    'Import a sibling module through its public file (../<module>/index), not its internals.',
});

/** The server modules' manifests (their index.ts), read from the source: zones are derived. */
const MANIFESTS = readModuleManifests(import.meta.dirname);

/**
 * Issue 26: a server module imports a sibling only if its manifest depends on it, only through
 * its index.ts, and never the composition root. One block per module and folder depth, because a
 * later block setting the same rule replaces an earlier one.
 */
const MODULE_ZONES = MANIFESTS.flatMap(({ name, dependsOn }) => {
  const others = MANIFESTS.map((m) => m.name).filter((n) => n !== name && !dependsOn.includes(n));
  return ['\\.\\./', '\\.\\./\\.\\./', '\\.\\./\\.\\./\\.\\./'].map((up, depth) => ({
    files: [`apps/server/src/modules/${name}/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SIBLING_INTERNALS(up),
            ...(others.length
              ? [
                  {
                    regex: `^${up}(${others.join('|')})(/|$)`,
                    message: `Module "${name}" imports only the modules in its manifest's dependsOn (modules/${name}/index.ts): ${dependsOn.join(', ') || 'none'}.`,
                  },
                ]
              : []),
            {
              regex: `^${up}(\\.\\./(app|app-dependencies|main)|all-modules|module-order)$`,
              message: 'A module never imports the composition root; it is given AppDeps.',
            },
          ],
        },
      ],
    },
  }));
});

/** A pattern refusing an import of a portal feature's internals from outside the features folder. */
const FEATURE_INTERNALS = {
  regex: '(^|/)features/[^/]+/(?!index$).+',
  message:
    'Import a portal feature through its public file (features/<feature>), not its internals.',
};

/** The extension's contexts: each runs in its own realm (service worker, page, extension page). */
const EXTENSION_CONTEXTS =
  'annotate|background|content|offscreen|sidepanel|options|welcome|workspace';
/** The extension's shared folders, used by the contexts through their index.ts. */
const EXTENSION_SHARED = 'anchoring|api|auth|imaging|messaging|platform|settings|transfer|ui';

/** Every extension file: contexts stay apart, shared folders are used through their index. */
const EXTENSION_PATTERNS = [
  {
    regex: `^(\\.\\./)+(${EXTENSION_CONTEXTS})(/|$)`,
    message:
      'An extension context never imports another (they run in separate realms); move shared code to a shared folder.',
  },
  {
    regex: `^(\\.\\./)+(${EXTENSION_SHARED})/(?!index$).+`,
    message:
      'Import an extension shared folder through its public file (index), not its internals.',
  },
];

/** `n` times `../`, as a regex. */
const UP = (n) => '\\.\\./'.repeat(n);

/** Folder depths below a side panel zone's root that the zone rules are written out for. */
const SIDE_PANEL_DEPTHS = [0, 1, 2];

/**
 * The side panel's zones (bulletproof-react's): shared/ → features/ → app/. `shared/` imports
 * neither features nor the app; a feature imports shared/ and itself, never another feature nor
 * the app; the app (and the entry, main.tsx) imports a feature through its public index only.
 * One block per folder depth, since imports are relative.
 */
const SIDE_PANEL_ZONES = [
  ...SIDE_PANEL_DEPTHS.map((depth) => ({
    files: [`apps/extension/src/sidepanel/shared/${'*/'.repeat(depth)}*.{ts,tsx}`],
    patterns: [
      {
        regex: `^${UP(depth + 1)}(app|features)(/|$)`,
        message: "The side panel's shared/ is used by its features and app; it never imports them.",
      },
    ],
  })),
  ...SIDE_PANEL_DEPTHS.map((depth) => ({
    files: [`apps/extension/src/sidepanel/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    patterns: [
      {
        regex: `^(${UP(depth + 1)}(?!\\.\\.)|${UP(depth + 2)}features(/|$))`,
        message:
          'A side panel feature never imports another feature: move what both need to shared/, or compose them in app/.',
      },
      {
        regex: `^${UP(depth + 2)}app(/|$)`,
        message: 'A side panel feature never imports the app; the app composes the features.',
      },
    ],
  })),
  {
    files: ['apps/extension/src/sidepanel/main.tsx', 'apps/extension/src/sidepanel/app/**'],
    patterns: [
      {
        regex: '(^|/)features/[^/]+/(?!index$).+',
        message:
          'Import a side panel feature through its public file (features/<feature>/index), not its internals.',
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.test-bundle-*/**',
      'data/**',
      'backups/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through the app config module.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read configuration through the app config module.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: CONFIG_MODULES,
    rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', 'drizzle-orm', 'pg', 'fastify'],
              message: 'packages/core is pure TypeScript: no Node, DOM or DB code.',
            },
            {
              group: ['@waymark/server', '@waymark/portal', '@waymark/extension'],
              message: 'Imports go core → apps, never back.',
            },
          ],
        },
      ],
    },
  },
  // Issue 10 §4 and 26: server modules, in the directions their manifests declare.
  ...MODULE_ZONES,
  ...[
    ['apps/server/src/*.ts', '^\\./modules/[^/]+/(?!index$).+'],
    ['apps/server/src/modules/*.ts', '^\\./[^/]+/(?!index$).+'],
  ].map(([file, regex]) => ({
    // The composition root and the files at the root of modules/ use a module through its index.
    files: [file],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex, message: 'Import a server module through its public file (<module>/index).' },
          ],
        },
      ],
    },
  })),
  {
    // HTTP plumbing and the other infrastructure come before the domain: they import no module.
    files: ['apps/server/src/*/**/*.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+modules(/|$)',
              message:
                'Infrastructure (http/, db/, jobs/ …) never imports a domain module; the module uses it, or app.ts passes it in.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 26: a module writes only the tables its manifest owns (scripts/lib/owned-table-writes.mjs).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { waymark: ownedTableWrites(MANIFESTS, readSchemaTables(import.meta.dirname)) },
    rules: { 'waymark/owned-table-writes': 'error' },
  },
  // The same one-entry rule for portal features and for the extension's shared folders; an
  // extension context never imports another context (tests may, to compare both sides).
  {
    files: ['apps/portal/src/**/*.{ts,tsx}'],
    ignores: ['apps/portal/src/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FEATURE_INTERNALS] }] },
  },
  ...['\\.\\./', '\\.\\./\\.\\./', '\\.\\./\\.\\./\\.\\./'].map((up, depth) => ({
    files: [`apps/portal/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              ...SIBLING_INTERNALS(up),
              message:
                'Import a sibling portal feature through its public file, not its internals.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/extension/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/extension/src/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: EXTENSION_PATTERNS }] },
  },
  // A later block's rule options replace an earlier one's, so each zone repeats the extension's.
  ...SIDE_PANEL_ZONES.map(({ files, patterns }) => ({
    files,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...EXTENSION_PATTERNS, ...patterns] }],
    },
  })),
  {
    files: ['apps/portal/**/*.{ts,tsx}', 'apps/extension/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'apps/server/test/**'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  prettier,
);
