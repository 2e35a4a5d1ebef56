/** The stores the extension is published to. */
export const STORES: readonly string[];

/** One zip per store from the built extension's files (manifest without `key`). */
export function buildStorePackages(input: {
  files: Record<string, Uint8Array>;
  version: string;
}): { fileName: string; bytes: Uint8Array }[];
