import { TRIAL_LENGTH_DAYS } from '@waymark/core';
import type { IconName } from '../../components/icon/icon';

/** A feature advertised on the landing page. */
export type LandingFeature = { icon: IconName; title: string; text: string };

/** spec §2 product-info: the six things the landing page advertises, in order. */
export const LANDING_FEATURES: readonly LandingFeature[] = [
  {
    icon: 'note',
    title: 'Work items where the work is',
    text: 'Record user stories, requirements, bugs, technical info and processes against a page’s URL. Add tags, an assignee, a release, notes, attachments, links and related items, with a full history of who changed what.',
  },
  {
    icon: 'status',
    title: 'Default and custom statuses',
    text: 'Start with Open, In Progress and Closed. On Standard and Pro, define the statuses, item types and releases your team actually uses, and they appear in everyone’s extension.',
  },
  {
    icon: 'layers',
    title: 'Multiple projects per site',
    text: 'Keep the mobile redesign, the accessibility audit and the day-to-day backlog apart, even when they all live on the same site. Each project has its own items, domains and releases.',
  },
  {
    icon: 'lock',
    title: 'Per-site access control',
    text: 'Decide project by project who can see what. A contractor can read and add items for the site they work on without seeing anything else your organization records.',
  },
  {
    icon: 'pin',
    title: 'Location pins (beta)',
    text: 'Drop a pin on the exact button, field or paragraph an item is about, so “the second link in the footer” is never ambiguous again.',
  },
  {
    icon: 'clock',
    title: `${TRIAL_LENGTH_DAYS}-day free trial`,
    text: `Every new organization gets ${TRIAL_LENGTH_DAYS} days of Standard at no cost. Keep going on the plan you choose, or drop to Free — nothing is charged unless you add a payment method.`,
  },
];
