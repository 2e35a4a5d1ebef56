// Issue 25: how a person gets the extension from a self-hosted Waymark server, and what an
// invited teammate does next. One source for the portal's install page, the user guide, the page
// a teammate sees after accepting and the invitation e-mail.

/** One browser's way to load the server's copy of the extension. */
export type BrowserInstallSteps = {
  browser: 'Chrome' | 'Edge';
  /** The browser's extensions page (typed into the address bar: pages cannot link it). */
  extensionsPage: string;
  steps: readonly string[];
};

const UNZIP =
  'Unzip it into a folder you keep: the browser loads Waymark from that folder, so do not delete it.';

/** Download, unzip, Developer mode, Load unpacked — in Chrome and in Edge. */
export const EXTENSION_INSTALL_STEPS: readonly BrowserInstallSteps[] = [
  {
    browser: 'Chrome',
    extensionsPage: 'chrome://extensions',
    steps: [
      'Download the extension (a zip file) from this page.',
      UNZIP,
      'Type chrome://extensions into the address bar and switch on Developer mode (top right).',
      'Choose Load unpacked and select the unzipped folder.',
      'Click the puzzle-piece Extensions icon and pin Waymark, so its icon stays in the toolbar.',
    ],
  },
  {
    browser: 'Edge',
    extensionsPage: 'edge://extensions',
    steps: [
      'Download the extension (a zip file) from this page.',
      UNZIP,
      'Type edge://extensions into the address bar and switch on Developer mode (left pane).',
      'Choose Load unpacked and select the unzipped folder.',
      'Click the puzzle-piece Extensions icon and choose Show in toolbar next to Waymark.',
    ],
  },
];

/**
 * What an invited teammate does after accepting: the portal is for administrators, the work
 * happens in the extension. The first step is followed by the install page's link.
 */
export const TEAMMATE_NEXT_STEPS: readonly string[] = [
  'Install the Waymark extension in Chrome or Edge.',
  "Open your project's site in that browser and click the Waymark icon in the toolbar; log in there with the e-mail address you were invited with.",
  "The side panel lists your team's items for the page you are on. Choose Add Item to record your own.",
];
