import type { IconName } from '../../components/icon/icon';

/** An audience of spec §1 and what Waymark does for it. */
export type Audience = { icon: IconName; title: string; text: string };

/** spec §1: who uses Waymark. */
export const AUDIENCES: readonly Audience[] = [
  {
    icon: 'users',
    title: 'End users and customers',
    text: 'Read how a screen is meant to work while you are looking at it, and report what does not, right where it happens.',
  },
  {
    icon: 'code',
    title: 'Developers',
    text: 'See the requirement, the open bugs and the hosting notes for the page you are changing without leaving the browser.',
  },
  {
    icon: 'note',
    title: 'Business analysts',
    text: 'Write user stories and acceptance criteria against the real page, and keep them current as the page evolves.',
  },
  {
    icon: 'brush',
    title: 'Designers',
    text: 'Leave design decisions and their reasons on the pages they shaped, so they survive the next redesign discussion.',
  },
  {
    icon: 'chart',
    title: 'Managers',
    text: 'Follow status and releases page by page, and see at a glance what is open on the parts of the product you own.',
  },
  {
    icon: 'check',
    title: 'Testers',
    text: 'Log bugs with the URL captured for you, pin them to the broken element and retest against the requirement on the same page.',
  },
  {
    icon: 'compass',
    title: 'Temporary and third-party team members',
    text: 'Give contractors, agencies and auditors access to exactly the projects they work on — and remove it when they are done.',
  },
];

/** A concrete situation Waymark helps with. */
export type UseCase = { title: string; text: string };

/** Concrete use cases for the use-cases page. */
export const USE_CASES: readonly UseCase[] = [
  {
    title: 'Requirements next to the screen they describe',
    text: 'An analyst records the rules for the checkout form on the checkout page. Developers and testers read them in context instead of searching a document for the right section.',
  },
  {
    title: 'Bug reports that point at the problem',
    text: 'A tester files a bug on the page where it happens, pins it to the faulty button and sets it to Open. The developer opens the same page and finds it waiting.',
  },
  {
    title: 'User acceptance testing',
    text: 'Business users walk through a release on staging and leave their findings on each page, tagged with the release. The project team works through them by status.',
  },
  {
    title: 'Onboarding a new colleague',
    text: 'A new team member browses the product with Waymark open and learns why each page works the way it does, from the people who built it.',
  },
  {
    title: 'Hosting and technical information',
    text: 'Operations record which service renders a page, where it is hosted and who to call, as Technical Info on the page itself.',
  },
  {
    title: 'Support processes',
    text: 'Support teams keep the steps for handling refunds, cancellations or escalations on the admin pages where those tasks are done.',
  },
  {
    title: 'Working with an agency',
    text: 'An agency gets access to the marketing site project only. They see and add items there, and nothing from your internal tools.',
  },
  {
    title: 'Migrating or renaming pages',
    text: 'When a page moves to a new URL path, an administrator renames the path in the portal and every item on it follows.',
  },
];
