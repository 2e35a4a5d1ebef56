import type { IconName } from '../../components/icon/icon';

/** A co-founder on the about page (spec §1: CEO, CTO, CMO, CIO). */
export type Founder = { name: string; role: string; initials: string; bio: string };

/** spec §1: the four co-founders. */
export const FOUNDERS: readonly Founder[] = [
  {
    name: 'Dana Whitfield',
    role: 'Chief Executive Officer',
    initials: 'DW',
    bio: 'Dana spent twelve years as a business analyst and delivery lead for insurance and retail web platforms before starting Waymark. She talks to customers every week and still writes acceptance criteria for fun.',
  },
  {
    name: 'Rahul Menon',
    role: 'Chief Technology Officer',
    initials: 'RM',
    bio: 'Rahul has built browser extensions and web platforms since the first Chrome extension APIs. He leads engineering and keeps Waymark fast, private and boring to operate.',
  },
  {
    name: 'Elena Ruiz',
    role: 'Chief Marketing Officer',
    initials: 'ER',
    bio: 'Elena came from product marketing at a developer-tools company. She makes sure Waymark is explained in plain language and that what we promise is what the product does.',
  },
  {
    name: 'Marcus Okafor',
    role: 'Chief Information Officer',
    initials: 'MO',
    bio: 'Marcus ran IT and security for a regional hospital network. He owns Waymark’s infrastructure, data protection and the questions your security team will ask.',
  },
];

/** An area of expertise. */
export type Expertise = { icon: IconName; title: string; text: string };

/** The firm's areas of expertise. */
export const EXPERTISE: readonly Expertise[] = [
  {
    icon: 'note',
    title: 'Requirements and business analysis',
    text: 'Turning what a business needs into stories and rules a team can build and test against.',
  },
  {
    icon: 'code',
    title: 'Browser extensions and web applications',
    text: 'Manifest V3 extensions, single-page applications and the APIs behind them.',
  },
  {
    icon: 'check',
    title: 'Quality assurance',
    text: 'Test strategy, acceptance testing and the bug-reporting habits that make fixes quick.',
  },
  {
    icon: 'lock',
    title: 'Security and data protection',
    text: 'Least-privilege access, encrypted storage and collecting only the data a product really needs.',
  },
];
