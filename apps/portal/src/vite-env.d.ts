/// <reference types="vite/client" />

/** Build-time variables the portal reads, only through src/config.ts. */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges into Vite's ImportMetaEnv
interface ImportMetaEnv {
  /** Store listing of the extension; defaults to a Chrome Web Store search for Waymark. */
  readonly VITE_EXTENSION_STORE_URL?: string;
}
