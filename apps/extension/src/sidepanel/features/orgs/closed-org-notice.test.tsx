// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { ORG_CLOSED_MESSAGE, type TOrganization } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { ClosedOrgNotice } from './closed-org-notice';

const ORG: TOrganization = {
  orgId: 7,
  orgName: 'Acme Shop',
  orgAccessLevelId: 2,
  orgAccessLevelDescription: 'Member',
};

describe('ClosedOrgNotice (issue 33)', () => {
  it('tells a member the organization is closed, that nothing can change, and when it goes', () => {
    renderPage(
      <ClosedOrgNotice
        org={{
          ...ORG,
          closure: { closedAt: '2026-11-26T08:00:00Z', deletesAt: '2026-12-26T08:00:00Z' },
        }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      `This organization is closed${ORG_CLOSED_MESSAGE}Its data will be deleted on December 26, 2026.`,
    );
  });

  it('says nothing for an open organization', () => {
    renderPage(<ClosedOrgNotice org={ORG} />);
    expect(screen.queryByText(/closed/)).toBeNull();
  });
});
