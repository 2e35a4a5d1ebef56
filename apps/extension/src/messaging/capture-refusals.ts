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
 * A whole-page capture needs the DevTools protocol (the optional `debugger` permission) even
 * after the icon's click: Chrome's plain capture sees only the visible area.
 */
export const PAGE_NEEDS_PERMISSION =
  'To capture a whole page, allow Waymark once to take screenshots itself (Chrome asks you to confirm).';

/** Region and whole-page capture work only where Waymark may open the page (allowed sites). */
export const CAPTURE_NEEDS_ALLOWED_SITE =
  'Waymark captures a region or a whole page only on sites you allowed it to open (a site of one of your projects): here, capture the visible area instead.';

/** The tab closed, reloaded or navigated while Waymark was capturing it. */
export const CAPTURE_TAB_GONE =
  'The tab closed or left the page while Waymark captured it: capture again.';

/** Chrome keeps extensions out of the page (the Web Store, PDF viewer, another extension's page). */
export const CAPTURE_PAGE_CLOSED_TO_EXTENSIONS =
  'Chrome does not let extensions draw on this page, so no region can be selected here: capture the visible area instead.';

/**
 * Tab recording (issue 32) has no fallback like the screenshot's debugger: Chrome's tabCapture
 * works only after the toolbar icon's click on that tab (docs/capture.md, "Recordings").
 */
export const RECORD_NEEDS_CLICK =
  'Chrome lets Waymark record a tab only after you click the Waymark icon in the toolbar on that tab: click it, then record again.';

/** The page's tab is not a web page (chrome://, the Web Store, a PDF viewer…). */
export const RECORD_WEB_PAGES_ONLY = 'Waymark records web pages (http or https addresses).';
