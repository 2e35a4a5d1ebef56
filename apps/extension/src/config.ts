// The extension's one configuration module: nothing else reads import.meta.env (docs/style.md).

/**
 * The server the extension talks to until the user saves another one in Options.
 * `VITE_WAYMARK_SERVER_URL` at build time overrides it, e.g. for a hosted build.
 */
export const DEFAULT_SERVER_URL: string =
  (import.meta.env.VITE_WAYMARK_SERVER_URL as string | undefined) ?? 'http://localhost:8080';
