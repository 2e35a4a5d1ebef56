/** The repository's architecture doc, from the root. */
export const ARCHITECTURE_DOC: string;

/** docs/architecture.md with a fresh module table, formatted as `prettier --check` expects. */
export function regenerateArchitectureDoc(root: string): Promise<string>;
