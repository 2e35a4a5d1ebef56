// Why the worker could not capture a tab, in the words the panel shows. Shared by the worker
// (which throws them) and the panel (which offers the one action that helps).

/** The site is not one the user allowed: only the toolbar icon's click lets Chrome capture it. */
export const CAPTURE_NEEDS_CLICK =
  'Chrome lets Waymark capture this site only after you click the Waymark icon in the toolbar on this tab: click it, then capture again.';

/**
 * The site is allowed, but capturing without the icon's click needs Chrome's optional
 * `debugger` permission, asked once (docs/extension-permissions.md).
 */
export const CAPTURE_NEEDS_PERMISSION =
  'To capture from the panel at any time, allow Waymark once to take screenshots itself — or click the Waymark icon in the toolbar on this tab, then capture again.';

/**
 * Tab recording (issue 32) has no fallback like the screenshot's debugger: Chrome's tabCapture
 * works only after the toolbar icon's click on that tab (docs/capture.md, "Recordings").
 */
export const RECORD_NEEDS_CLICK =
  'Chrome lets Waymark record a tab only after you click the Waymark icon in the toolbar on that tab: click it, then record again.';

/** The page's tab is not a web page (chrome://, the Web Store, a PDF viewer…). */
export const RECORD_WEB_PAGES_ONLY = 'Waymark records web pages (http or https addresses).';
