// spec §2 (extension-welcome-page): the Quick tips shown on the portal's welcome page and on the
// extension's own welcome page. One source, so both always say the same thing.

import { PORTAL_LINKS } from '../constants/portal-links';
import { ACTION_LABELS } from './vocabulary';

/** One section of a help page: a heading and the paragraphs beneath it, in order. */
export type HelpSection = {
  /** Stable id, used as the accordion value and in fragment links. */
  id: string;
  /** The section heading. */
  title: string;
  /** Body text, one string per paragraph. */
  paragraphs: readonly string[];
  /** An optional call to action after the paragraphs; `path` is relative to the Waymark server. */
  link?: { label: string; path: string };
};

/** spec §2: the five Quick tips — pinning, sign up and login, basic functionality, full site, user guide. */
export const QUICK_TIPS: readonly HelpSection[] = [
  {
    id: 'pinning',
    title: 'Pin Waymark to your toolbar',
    paragraphs: [
      'Click the puzzle-piece Extensions icon to the right of the address bar, find Waymark in the list and click the pin next to it. The Waymark icon now stays in your toolbar on every tab.',
      'In Microsoft Edge the Extensions menu works the same way: choose "Show in toolbar" next to Waymark.',
    ],
  },
  {
    id: 'sign-up-and-login',
    title: 'Sign up and log in',
    paragraphs: [
      `Click the Waymark icon to open the side panel, then choose ${ACTION_LABELS.signUp} to create an account or ${ACTION_LABELS.logIn} if you already have one. If a colleague invited you, sign up with the e-mail address the invitation was sent to so that you join their organization.`,
      `New organizations start on a 30-day free trial with every Standard feature. You stay signed in until you choose ${ACTION_LABELS.logout} in the side panel.`,
    ],
  },
  {
    id: 'basic-functionality',
    title: 'Record and find items on any page',
    paragraphs: [
      'Open a page of a site that belongs to one of your projects and click the Waymark icon. The side panel lists every item recorded against that page: user stories, requirements, bugs, technical info and processes.',
      `Choose ${ACTION_LABELS.addItem} to record something new. Give it a title, an item type and a status, and add tags, a release, notes, attachments, external links or related items as your plan allows. Everyone with access to the project sees it the next time they open the page.`,
    ],
  },
  {
    id: 'full-site',
    title: 'Manage your organization on the full site',
    paragraphs: [
      'Administrators manage everything else in the Waymark portal: the plan and licenses on Account, invitations and project access on Users, statuses, item types and releases on Data Fields, and domains and URL paths on Projects.',
      `In the side panel, open the menu (☰ at the top right) and choose Open the admin portal, or go to the Waymark website and choose ${ACTION_LABELS.logIn}.`,
    ],
  },
  {
    id: 'user-guide',
    title: 'Read the user guide',
    paragraphs: [
      'The user guide walks through every screen step by step, from installing the extension to changing your plan. Open it from the footer of any Waymark page, or follow the link below.',
    ],
    link: { label: 'Open the Waymark user guide', path: PORTAL_LINKS.userGuide },
  },
];
