/** The built portal (absolute path). */
export const PORTAL_DIST: string;

/** The public pages (router paths, e.g. `/home/faq-page`), from `public/public-pages.json`. */
export function readPublicPages(): string[];

/** The islands entry of the pre-rendered pages, a manifest key. */
export const ISLANDS_ENTRY: string;

/** Where the pre-rendered pages are written (absolute). */
export const PRERENDERED_PAGES_DIR: string;

/** The public pages the build pre-renders (all but those that keep the SPA). */
export function readPrerenderedPages(): string[];

/** The Vite build manifest of the built portal. */
export function readManifest(): Record<
  string,
  { file: string; css?: string[]; imports?: string[] }
>;

/** Keys of every chunk loaded statically from `start`, `start` included. */
export function staticClosure(
  manifest: Record<string, { imports?: string[] }>,
  start: string,
  seen?: Set<string>,
): Set<string>;

/** A public page's route module: `src/app/routes<path>.tsx`. */
export function routeModuleOf(page: string): string;

/** The lazy modules a public page loads: its route module and any lazy layout around it. */
export function pageModulesOf(page: string): string[];

/** Libraries a public page must not load (issue 34). */
export const PUBLIC_PAGE_FORBIDDEN_PACKAGES: string[];

/** The npm packages in each built JavaScript file (`own` for the workspace's code). */
export function readChunkPackages(): Map<string, string[]>;

/** What one public page loads. */
export type PageBundle = {
  /** Router path, e.g. `/home/faq-page`. */
  page: string;
  /** Pre-rendered (islands only) rather than the SPA. */
  isPrerendered: boolean;
  /** Its JavaScript (entry + route, static imports) in bytes, gzip. */
  gzipBytes: number;
  /** How many chunks that is. */
  chunkCount: number;
  /** Manifest keys of admin route chunks among them (should be none). */
  adminChunks: string[];
  /** The npm packages in those chunks (`own` for the workspace's code). */
  packages: string[];
  /** Those of PUBLIC_PAGE_FORBIDDEN_PACKAGES the page has no reason to load (should be none). */
  forbiddenPackages: string[];
};

/** Each public page's JavaScript, measured from the build manifest. */
export function measurePublicPages(): PageBundle[];

/** Built files (relative to dist) that belong to the admin area only. */
export function listAdminAreaFiles(): Set<string>;
