import { z } from 'zod';
import { ZId, ZTimestamp } from '../../entities/ids';
import { defineRoute } from '../define-route';

/** Answered when the name typed to confirm a closing is not the organization's. */
export const CLOSE_ORG_NAME_MISMATCH =
  "That is not this organization's name. Type it exactly to close the organization.";

/** Issue 33: closing an organization and reopening it during the grace period (decision 0063). */
export const closingRoutes = {
  /**
   * Closes the organization (its owner only): the plan ends at the gateway, members can read but
   * nobody writes, and every row and file is deleted after the grace period. `confirmName` is the
   * organization's name typed out. Repeating it answers the same text.
   */
  closeOrganization: defineRoute({
    method: 'POST',
    path: '/api/account/closeOrganization',
    // Ending an organization is a person's act: no API token may do it.
    tokenScope: 'session',
    summary: 'Closes an organization (owner only); its data is deleted after the grace period.',
    tag: 'account',
    body: z.object({
      orgId: ZId,
      confirmName: z
        .string()
        .trim()
        .min(1, 'Type the name of the organization to confirm that you want to close it.')
        .max(200),
    }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** Reopens a closed organization during its grace period (owner only), on the Free plan. */
  reopenOrganization: defineRoute({
    method: 'POST',
    path: '/api/account/reopenOrganization',
    tokenScope: 'session',
    summary: 'Reopens a closed organization during its grace period (owner only).',
    tag: 'account',
    body: z.object({ orgId: ZId }),
    response: z.string(),
    responseKind: 'text',
  }),
};

/**
 * Test-only calls (registered only with `BILLING_TEST_CLOCK=true`, the e2e server): run the
 * deletion of closed organizations as if it were `now`, and count what is left of one.
 */
export const closingTestRoutes = {
  runOrgDeletions: defineRoute({
    method: 'POST',
    path: '/api/testing/closing/runDeletions',
    tokenScope: 'session',
    summary: 'Test only: deletes the closed organizations whose grace period ends before `now`.',
    tag: 'testing',
    body: z.object({ now: ZTimestamp }),
    response: z.object({ orgsDeleted: z.number().int() }),
  }),
  getOrgRemains: defineRoute({
    method: 'POST',
    path: '/api/testing/closing/remains',
    tokenScope: 'session',
    summary: 'Test only: rows still naming an organization, per table, and its stored files.',
    tag: 'testing',
    body: z.object({ orgId: ZId }),
    response: z.object({
      orgRowExists: z.boolean(),
      rows: z.record(z.string(), z.number().int()),
      files: z.number().int(),
    }),
  }),
};
