import type { TTrackerConnectInput, TTrackerVendor } from '@waymark/core';
import type { ReactNode } from 'react';

/** One field of a vendor's connect form. */
export type VendorField = {
  name: string;
  label: string;
  description?: string;
  placeholder?: string;
  /** Shown masked and emptied after each submit (tokens, API keys). */
  isSecret?: boolean;
  type?: 'text' | 'email' | 'url';
  /** The error to show for a typed value, or undefined when it is fine. */
  check?: (value: string) => string | undefined;
};

/** What one vendor's connect form asks for and how it becomes the connect request. */
export type VendorFormSpec = {
  name: string;
  intro: ReactNode;
  fields: VendorField[];
  /** The request from the fields' trimmed values. */
  toInput: (valueOf: (name: string) => string) => TTrackerConnectInput;
};

const unless = (isValid: boolean, message: string) => (isValid ? undefined : message);

/** The connect form of each vendor (the server checks every value again with the vendor). */
export const VENDOR_FORM_SPECS: Record<TTrackerVendor, VendorFormSpec> = {
  github: {
    name: 'GitHub',
    intro: (
      <>
        Create a fine-grained personal access token on GitHub (Settings → Developer settings) with
        access to the repository and the permission <strong>Issues: Read and write</strong>.
      </>
    ),
    fields: [
      {
        name: 'repository',
        label: 'Repository',
        placeholder: 'owner/repository',
        check: (value) => unless(/^[\w.-]+\/[\w.-]+$/.test(value), 'Write it as owner/repository.'),
      },
      { name: 'token', label: 'Fine-grained token', placeholder: 'github_pat_…', isSecret: true },
    ],
    toInput: (valueOf) => {
      const [owner = '', repo = ''] = valueOf('repository').split('/');
      return { vendor: 'github', token: valueOf('token'), owner, repo };
    },
  },
  linear: {
    name: 'Linear',
    intro: (
      <>
        Create a personal API key in Linear (Settings → Security &amp; access → Personal API keys)
        as a <strong>workspace admin</strong>: Waymark adds the team&apos;s webhook itself, and only
        admins may.
      </>
    ),
    fields: [
      {
        name: 'team',
        label: 'Team key',
        description: "The prefix of the team's issues: ENG for ENG-123.",
        placeholder: 'ENG',
        check: (value) =>
          unless(/^[A-Za-z0-9_]{1,20}$/.test(value), 'Letters and digits, as in ENG-123.'),
      },
      { name: 'token', label: 'API key', placeholder: 'lin_api_…', isSecret: true },
    ],
    toInput: (valueOf) => ({ vendor: 'linear', token: valueOf('token'), team: valueOf('team') }),
  },
  jira: {
    name: 'Jira',
    intro: (
      <>
        Create an API token at id.atlassian.com (Security → API tokens) as a{' '}
        <strong>Jira administrator</strong> who can create issues in the project: Waymark adds the
        site&apos;s webhook itself (System → WebHooks), and only administrators may.
      </>
    ),
    fields: [
      {
        name: 'site',
        label: 'Jira site',
        placeholder: 'https://your-team.atlassian.net',
        type: 'url',
        check: (value) =>
          unless(
            /^(https?:\/\/)?[\w.-]+(:\d+)?\/?$/.test(value),
            'The site address, as in https://your-team.atlassian.net.',
          ),
      },
      {
        name: 'project',
        label: 'Project key',
        description: "The prefix of the project's issues: SHOP for SHOP-12.",
        placeholder: 'SHOP',
        check: (value) =>
          unless(/^[A-Za-z][A-Za-z0-9_]{1,19}$/.test(value), 'Letters and digits, as in SHOP-12.'),
      },
      {
        name: 'email',
        label: 'E-mail of the token',
        placeholder: 'you@example.com',
        type: 'email',
        check: (value) => unless(/^[^\s@]+@[^\s@]+$/.test(value), 'An e-mail address.'),
      },
      { name: 'token', label: 'API token', placeholder: 'ATATT…', isSecret: true },
    ],
    toInput: (valueOf) => ({
      vendor: 'jira',
      site: valueOf('site'),
      project: valueOf('project'),
      email: valueOf('email'),
      token: valueOf('token'),
    }),
  },
};
