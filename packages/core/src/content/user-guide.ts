// spec §2 (/user-guide): the public user guide, as data. The portal renders it as an accordion;
// anything else that needs the guide's text imports it from here.

import type { HelpSection } from './quick-tips';
import { ACTION_LABELS } from './vocabulary';

/** A user guide section: a help section with optional numbered steps after the paragraphs. */
export type UserGuideSection = HelpSection & {
  /** Step-by-step instructions, in order. */
  steps?: readonly string[];
};

/**
 * spec §2: the nine sections of the user guide, in order. Installing and pinning the extension
 * share the first section, so the ten topics the spec lists fit its nine sections.
 */
export const USER_GUIDE_SECTIONS: readonly UserGuideSection[] = [
  {
    id: 'installing',
    title: 'Installing, accessing and pinning the extension',
    paragraphs: [
      'Waymark runs in desktop Google Chrome and Microsoft Edge. It is not available for mobile browsers, Firefox or Safari.',
    ],
    steps: [
      'On the Waymark website, choose View Extension on the home page or the download link on Plans & Pricing. The install page opens: download the extension there (or, where your Waymark has a store listing, add it from the store).',
      'Unzip the download into a folder you keep, open chrome://extensions (in Edge: edge://extensions), switch on Developer mode and choose Load unpacked with that folder. The copy is already set up for your Waymark server.',
      'Click the puzzle-piece Extensions icon to the right of the address bar and click the pin next to Waymark, so its icon stays in the toolbar.',
      'Click the Waymark icon on any tab to open the side panel. Click it again, or the panel’s close button, to hide it.',
    ],
  },
  {
    id: 'sign-up-and-login',
    title: 'Sign up and login',
    paragraphs: [
      'You need a Waymark account to read or record items. Every user needs a license, also during the 30-day trial.',
    ],
    steps: [
      `Choose ${ACTION_LABELS.signUp} on the website’s top bar or in the extension side panel.`,
      'Enter your e-mail address and a password. If you were invited, use the exact e-mail address the invitation was sent to; otherwise you will not see the organization that invited you.',
      'Open the verification e-mail and follow its link to confirm the address.',
      `From then on, choose ${ACTION_LABELS.logIn} and enter the same e-mail address and password. Use ${ACTION_LABELS.logout} in the side panel or the portal’s sidebar to sign out.`,
    ],
  },
  {
    id: 'basic-functionality',
    title: 'Basic functionality',
    paragraphs: [
      'An item is a piece of knowledge about one web page: a User Story, Requirement, Bug, Technical Info or Process. Items carry a status (Open, In Progress or Closed by default) and, depending on your plan, tags, an assignee, a release, attachments, external URLs, notes and related items. Waymark keeps a history of who created and changed each item.',
    ],
    steps: [
      'Open a page of a site that belongs to one of your projects, then open the Waymark side panel. It lists the items recorded against that page.',
      `Choose ${ACTION_LABELS.addItem}, give the item a title, pick its item type and status, and write the details.`,
      'Add tags, a release, notes, external URLs, attachments or related items as needed, then save. The item is now visible to everyone with access to the project.',
      'Select an item in the list to read it, edit it or change its status. On Standard and Pro you can also drop a location pin (beta) on the exact spot of the page the item is about.',
    ],
  },
  {
    id: 'full-site',
    title: 'Accessing the full management site',
    paragraphs: [
      'The Waymark portal is where administrators manage the organization. Users who are not administrators see the Admin Access Only page and can only log out or create an organization of their own.',
    ],
    steps: [
      `Go to the Waymark website and choose ${ACTION_LABELS.logIn} on the top bar.`,
      'After signing in you land on the Account screen. The sidebar on the left leads to Account, Users, Data Fields and Projects.',
      'Choose Help in the sidebar for support hours, phone and e-mail, and the extension version. Messages about your changes appear in the banner at the top of the page; close it with its X or let it disappear after 20 seconds.',
    ],
  },
  {
    id: 'users',
    title: 'Inviting and managing users',
    paragraphs: [
      'Each user takes one license. The license usage bar at the top of the Users screen shows how many of your licenses are assigned; choose Manage Licenses to buy more first if they are all in use.',
    ],
    steps: [
      'Open Users in the sidebar and choose Add New User.',
      'On the User Info tab, fill in E-mail, First Name and Last Name (all required), then choose Next.',
      'On the Project Access tab, tick the projects the user may open, then choose Save. Waymark e-mails the invitation; the user shows as Pending until they sign up with that address.',
      'To send the invitation again, choose Resend on the user’s row. To change project access later, open the user from the table, go to Project Access, change the ticks and choose Save.',
      'To remove someone, choose the remove icon on their row and confirm. The organization’s Owner cannot be removed.',
    ],
  },
  {
    id: 'projects',
    title: 'Creating or accessing a project',
    paragraphs: [
      'A project groups the items of one product or site. A project’s associated domains decide on which sites its items appear, and each user sees only the projects they have been given access to.',
    ],
    steps: [
      'Open the site the project is about, open the Waymark side panel and create the project there with a name of your choice. The site’s address becomes the project’s first associated domain.',
      'In the portal, open Projects in the sidebar. Search the projects table by project name or base URL, or pick a project from the Select project dropdown.',
      'To rename it, type the new name under Edit Project Name and choose Save Changes.',
      'To delete it, choose Delete Project and confirm. Deleting a project removes its items for everyone who had access to it.',
    ],
  },
  {
    id: 'domains-and-paths',
    title: 'Advanced project domain and URL path management',
    paragraphs: [
      'Associated domains are the base addresses of the sites a project covers, for example https://shop.example.com. One project can cover several domains, such as production and staging: as long as the URL paths match, an item recorded on https://staging.shop.example.com/checkout also shows on https://shop.example.com/checkout.',
      'Waymark saves each item against the URL path of its page. When your site renames a page, rename the path here and the saved items move with it. For best results every page of a site should have its own unique URL path.',
    ],
    steps: [
      'Open Projects and choose the project in the Select project dropdown.',
      'Under Associated Domains choose Add New, enter the base URL and choose Save Changes. Remove a saved domain with its remove icon.',
      'In the URL Paths panel, pick a domain from Select a URL to display associated paths. The paths Waymark has seen on that domain are listed, three to a page.',
      'Edit a path’s text to rename it and choose Save Changes, or remove a path with its remove icon.',
    ],
  },
  {
    id: 'data-fields',
    title: 'Creating and editing item types, statuses or releases',
    paragraphs: [
      'Custom statuses and item types are part of the Standard and Pro plans; releases are available from Basic. Changes show in the extension after you close the side panel and open it again.',
    ],
    steps: [
      'Open Data Fields in the sidebar. The Status, Item Type and Release panels sit side by side.',
      'In the Status or Item Type panel, choose Add New and type a name, or edit the text of an existing row. Save Changes becomes available once something has changed; choose it to save.',
      'To remove a status or item type, choose its remove icon and confirm.',
      'Releases belong to a project: pick one under Select project to manage releases, choose Add New, type the release name and choose Save Changes.',
    ],
  },
  {
    id: 'plan-and-billing',
    title: 'Managing plan, licenses and payment method',
    paragraphs: [
      'New organizations start on a 30-day Standard trial at no cost. With a payment method on file the trial converts to Standard, or to the plan you chose, when it ends; without one it becomes Free. Depending on the plan you choose, a payment method may be required.',
      'Billing happens on the first of each month; the first payment includes a one-time prorated charge for the rest of the current month. Plan changes and cancellations take effect on the first of the following month.',
    ],
    steps: [
      'Open Account in the sidebar. The Account Plan panel shows your plan, its monthly cost and when it ends.',
      'Choose Manage Plan, select a plan and choose Next, set the number of licenses and choose Next, then review the summary and choose Confirm.',
      'To add or remove licenses without changing plan, choose Manage Licenses in the Licenses panel. License management is for paid plans or while on trial.',
      'In the Payment Method panel, add a card or replace the current one. Payment History lists past payments, three to a page.',
      'To stop paying, choose Cancel Plan and confirm. Your organization moves to Free at the end of the month.',
    ],
  },
];
