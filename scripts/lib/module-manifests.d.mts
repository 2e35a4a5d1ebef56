/** A server module's manifest as its source declares it. */
export type DeclaredManifest = {
  name: string;
  summary: string;
  dependsOn: string[];
  /** The schema's export names of the tables it owns. */
  ownsTables: string[];
};

/** Where the server's modules live, from the repository root. */
export const MODULES_DIR: string;

/** Every module's manifest as declared in its index.ts, sorted by name. */
export function readModuleManifests(root: string): DeclaredManifest[];

/** The schema's tables: export name → SQL name. */
export function readSchemaTables(root: string): Map<string, string>;

/** The markers docs/architecture.md keeps the generated module table between. */
export const TABLE_START: string;
export const TABLE_END: string;

/** The module table as Markdown (unformatted). */
export function renderModuleTable(
  manifests: DeclaredManifest[],
  tables: Map<string, string>,
): string;

/** `doc` with the text between the table markers replaced by `table`. */
export function replaceModuleTable(doc: string, table: string): string;
