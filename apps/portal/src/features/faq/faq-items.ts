import type { HelpSection } from '@waymark/core';

/** spec §2 faq-page: the seven questions, in order; the first starts open. */
export const FAQ_ITEMS: readonly HelpSection[] = [
  {
    id: 'what-is-waymark',
    title: 'What is the Waymark extension?',
    paragraphs: [
      'Waymark is a browser extension that lets teams record business and technical information — user stories, requirements, bugs, technical info, processes and hosting details — against the URL of the web page it concerns.',
      'Instead of living in a wiki or a ticket system that you have to search, that knowledge appears in a side panel whenever someone with access opens the page.',
    ],
  },
  {
    id: 'how-it-works',
    title: 'How does it work?',
    paragraphs: [
      'An administrator creates a project and tells Waymark which sites (associated domains) belong to it, then invites the team. When a team member opens a page on one of those sites and clicks the Waymark icon, the side panel lists every item recorded for that page and lets them add new ones.',
      'Items are saved against the page’s URL path, so the same item shows on production and staging as long as the paths match. Administrators manage users, projects, statuses, item types, releases and billing in the Waymark portal.',
    ],
  },
  {
    id: 'requirements',
    title: 'Which devices and browsers does it need?',
    paragraphs: [
      'Waymark runs on desktop computers in Google Chrome and Microsoft Edge (Windows, macOS and Linux). Mobile browsers, Firefox and Safari are not supported.',
      'The portal for administrators works in any modern browser.',
    ],
  },
  {
    id: 'download',
    title: 'How do I download it?',
    paragraphs: [
      'Choose View Extension on the home page or the download link on Plans & Pricing. The install page offers this Waymark server’s own copy of the extension, already set up for it: download it, unzip it, switch on Developer mode in chrome://extensions (or edge://extensions) and choose Load unpacked. Pin the Waymark icon to your toolbar from the Extensions menu, open it and sign up or log in.',
    ],
  },
  {
    id: 'who-is-it-for',
    title: 'Who is it for?',
    paragraphs: [
      'Anyone who works on or with a website: developers, business analysts, designers, testers, managers, customers and end users, and temporary or third-party team members such as contractors and agencies.',
      'Ordinary users only ever need the extension. The portal is for the administrators of an organization.',
    ],
  },
  {
    id: 'other-features',
    title: 'What other features are there?',
    paragraphs: [
      'Items can carry a status, tags, an assignee, a release, attachments, external URLs, notes and related items, and Waymark keeps a history of who created or changed each one.',
      'Organizations can run several projects on the same site, control access per project, and on Standard and Pro define their own statuses and item types. See Plans & Pricing for what each plan includes.',
    ],
  },
  {
    id: 'what-is-the-pin',
    title: 'What is the Pin?',
    paragraphs: [
      'The Pin (in beta) marks the exact spot on a page an item is about — a button, a field, a paragraph. Teammates who open the item see the pin on the page, so there is no guessing which element is meant.',
      'Pins are part of the Standard and Pro plans and of the free trial.',
    ],
  },
];
