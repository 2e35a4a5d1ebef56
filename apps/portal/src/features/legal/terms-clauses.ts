import { PLAN_IDS, getPlan, SUPPORT_EMAIL, SUPPORT_HOURS, TRIAL_LENGTH_DAYS } from '@waymark/core';

/** One numbered clause of the Terms of Use and Privacy Policy. */
export type TermsClause = {
  /** Which document the clause belongs to; numbering runs through both. */
  part: 'terms' | 'privacy';
  title: string;
  paragraphs: readonly string[];
};

const free = getPlan(PLAN_IDS.free);
const standard = getPlan(PLAN_IDS.standard);

/** The date these terms took effect, shown under the page title. */
export const TERMS_EFFECTIVE_DATE = 'November 28, 2026';

/** spec §1, §9; issue 5 item 6: the 18 clauses, in order. */
export const TERMS_CLAUSES: readonly TermsClause[] = [
  {
    part: 'terms',
    title: 'About these terms',
    paragraphs: [
      'These Terms of Use and Privacy Policy ("Terms") are an agreement between Waymark Software LLC ("Waymark", "we", "us") and the organization or person using the Waymark browser extension, the Waymark portal and the related services (the "Service"). By creating an account or using the Service you accept these Terms. If you accept them on behalf of an organization, you confirm you may bind it.',
    ],
  },
  {
    part: 'terms',
    title: 'Your account',
    paragraphs: [
      'You need an account to use the Service. Keep your sign-in details secret and tell us promptly about any unauthorized use. Invited users must sign up with the e-mail address the invitation was sent to. The administrators of an organization decide who belongs to it and which projects each member may access.',
    ],
  },
  {
    part: 'terms',
    title: 'Subscriptions and licenses',
    paragraphs: [
      'The Service is sold as a subscription to a plan (Free, Basic, Standard or Pro) with a number of licenses. Every user of an organization needs one license, also during the free trial. The plan decides how many projects, sites per project and features the organization may use, as described on our Plans & Pricing page.',
    ],
  },
  {
    part: 'terms',
    title: 'The free trial',
    paragraphs: [
      `A new organization starts on a ${TRIAL_LENGTH_DAYS}-day trial with all ${standard.planName} features at no cost. If a payment method is on file when the trial ends, the subscription converts to ${standard.planName}, or to the paid plan chosen during the trial, and billing starts. If no payment method is on file, the organization moves to the ${free.planName} plan with its reduced features; on ${free.planName}, only the account of the organization's owner keeps access.`,
    ],
  },
  {
    part: 'terms',
    title: 'Billing',
    paragraphs: [
      'The monthly cost of a subscription is the number of licenses multiplied by the plan’s price per license. Subscriptions are billed in advance on the first day of each calendar month. When you start a paid plan or add licenses during a month, you are charged a one-time prorated amount for the rest of that month (an amount under $0.50 is not charged), and the full monthly amount from the next first of the month.',
      'Payments are processed by our card payment provider; we never see or store your full card number.',
    ],
  },
  {
    part: 'terms',
    title: 'Refunds and credit',
    paragraphs: [
      'Payments are non-refundable. Where a change to your subscription leaves an amount already paid unused, that amount is kept as a credit and applied to your later payments.',
    ],
  },
  {
    part: 'terms',
    title: 'Price changes',
    paragraphs: [
      'Our current prices are listed on the Plans & Pricing page, and we may change them. We announce any price increase to the organization’s administrators in writing before it applies. An increase never applies to a period you have already paid for.',
    ],
  },
  {
    part: 'terms',
    title: 'Plan changes and cancellation',
    paragraphs: [
      `Administrators can change the plan, add or remove licenses or cancel the subscription in the portal at any time. Plan changes and cancellations take effect on the first day of the following month; a move to ${free.planName} from the trial takes effect when the trial ends. Until then the organization keeps the plan it has paid for.`,
    ],
  },
  {
    part: 'terms',
    title: 'Acceptable use',
    paragraphs: [
      'Use the Service only for lawful purposes and only on websites you are entitled to work on. Do not use it to store malware or unlawful content, to gain access to other organizations’ data, to overload or probe our systems, or to resell the Service without our written consent.',
    ],
  },
  {
    part: 'terms',
    title: 'Your content',
    paragraphs: [
      'Items, attachments and other content you record remain yours. You give us the rights we need to store, process and display that content to the members of your organization who have access to it, and for no other purpose. You are responsible for having the right to record what you record.',
    ],
  },
  {
    part: 'terms',
    title: 'Availability and support',
    paragraphs: [
      `We use commercially reasonable efforts to make the Service available 24 hours a day, 7 days a week, except for planned maintenance, which we announce in advance where we can, and events beyond our reasonable control. Support is available ${SUPPORT_HOURS} at ${SUPPORT_EMAIL}.`,
    ],
  },
  {
    part: 'terms',
    title: 'Disclaimer of warranties',
    paragraphs: [
      'Apart from what these Terms expressly promise, the Service is provided "as is" and "as available", without warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement, to the extent the law allows.',
    ],
  },
  {
    part: 'terms',
    title: 'Limitation of liability',
    paragraphs: [
      'To the extent the law allows, our total liability arising out of or relating to the Service or these Terms is limited to the amount you paid us for the Service. We are not liable for indirect, incidental, special or consequential damages, or for lost profits, revenue or data.',
    ],
  },
  {
    part: 'terms',
    title: 'Governing law and changes to these Terms',
    paragraphs: [
      'These Terms are governed by the laws of the State of Ohio, United States, without regard to its conflict-of-law rules, and the state and federal courts located in Franklin County, Ohio have exclusive jurisdiction.',
      'We may update these Terms. We tell administrators about material changes in writing at least 30 days before they take effect; continuing to use the Service after that means you accept the updated Terms.',
    ],
  },
  {
    part: 'privacy',
    title: 'What the extension reads',
    paragraphs: [
      'To show and save items, the extension reads the address (URL) of the page in the current tab, and only on sites that are associated domains of projects you have access to. When you place a location pin it also records where on the page the pin sits. Nothing is read until you open the Waymark side panel.',
    ],
  },
  {
    part: 'privacy',
    title: 'What the extension never reads',
    paragraphs: [
      'The extension never reads the content of the pages you visit, what you type into forms, passwords, cookies, your browsing history, or the addresses of sites outside your projects. It does not track you across websites and contains no advertising.',
    ],
  },
  {
    part: 'privacy',
    title: 'What we store and why',
    paragraphs: [
      'We store your name, e-mail address and organization memberships; the projects, domains, URL paths and items your organization records; and billing records. Of your card we keep only the brand, the last four digits and the expiry date; the card itself is held by our payment provider. The extension and the portal keep your sign-in tokens and selected organization in your browser’s storage.',
      'We use this data only to provide the Service, to bill for it and to answer your requests. We do not sell it or share it with advertisers. Service providers that host or process it for us are bound by contract to the same standard.',
    ],
  },
  {
    part: 'privacy',
    title: 'Your choices and how to reach us',
    paragraphs: [
      `You can correct your details at any time and ask us for a copy of your data or its deletion. When an organization cancels, we delete its content within 90 days unless the law requires us to keep it longer; billing records are kept as tax law requires. Questions about these Terms or your privacy go to ${SUPPORT_EMAIL}.`,
    ],
  },
];
