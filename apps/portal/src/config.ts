// The portal's only reader of import.meta.env (docs/style.md: one validated config module per app).

function readUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!URL.canParse(value)) throw new Error(`${name} must be an absolute URL, got "${value}"`);
  return value;
}

/** Build-time configuration of the portal. Set the VITE_* variables when running `vite build`. */
export const config = {
  /** Path the app is served under; must match `base` in vite.config.ts and the server mount. */
  basename: '/client',
  /** Base URL of the API; empty means same origin (the server serves the portal). */
  apiBaseUrl: '',
  /**
   * The extension's store listing, when it has one: View Extension and the download links open it.
   * Unset (a self-hosted server), they lead to the install page and this server's own copy (issue 25).
   */
  extensionStoreUrl: readUrl('VITE_EXTENSION_STORE_URL', import.meta.env.VITE_EXTENSION_STORE_URL),
  /** The demo video on the landing page, served from the portal's public folder. */
  demoVideoUrl: '/client/media/waymark-demo.mp4',
  /** Its first frame, shown before the visitor presses play (recorded with the video). */
  demoPosterUrl: '/client/media/waymark-demo-poster.jpg',
  /** Its captions (WebVTT, recorded with the video). */
  demoCaptionsUrl: '/client/media/waymark-demo.vtt',
} as const;
