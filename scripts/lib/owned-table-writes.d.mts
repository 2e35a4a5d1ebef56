import type { ESLint } from 'eslint';
import type { DeclaredManifest } from './module-manifests.mjs';

/** The ESLint plugin holding `owned-table-writes`, built from the manifests and schema tables. */
export function ownedTableWrites(
  manifests: DeclaredManifest[],
  tables: Map<string, string>,
): ESLint.Plugin;
