// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { FEATURE_LABELS, formatUsd, PUBLIC_PLANS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { describeProjects, describeSites } from '../../../features/pricing';

describe('plans and pricing page (spec §9)', () => {
  it('shows each public plan with the price, limits and features of packages/core', async () => {
    renderApp('/client/home/plans-pricing');
    await screen.findByRole('heading', { level: 2, name: 'Choose a plan' });
    expect(PUBLIC_PLANS.map((plan) => plan.planName)).toEqual(['Free', 'Basic', 'Standard', 'Pro']);
    for (const plan of PUBLIC_PLANS) {
      const card = screen.getByRole('article', { name: plan.planName });
      expect(within(card).getByTestId('plan-price').textContent).toBe(
        formatUsd(plan.monthlyCostPerLicenseCents),
      );
      expect(card.textContent).toContain(describeProjects(plan));
      expect(card.textContent).toContain(describeSites(plan));
      const features = within(within(card).getByRole('list', { name: `${plan.planName} features` }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(features).toEqual(plan.features.map((feature) => FEATURE_LABELS[feature]));
    }
  });

  it('prices the plans per user per month as the spec fixes: $0, $4, $6, $9', async () => {
    renderApp('/client/home/plans-pricing');
    const table = await screen.findByRole('table', { name: 'Compare plans' });
    const priceRow = within(table).getByRole('row', { name: /price per user per month/i });
    expect(
      within(priceRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$0', '$4', '$6', '$9']);
  });

  it("offers Sign Up for Free and a download link to this server's install page", async () => {
    renderApp('/client/home/plans-pricing');
    const signUp = await screen.findByRole('button', { name: 'Sign Up for Free' });
    expect(signUp).toHaveProperty('disabled', false);
    const download = screen.getByRole('link', { name: /download the extension/i });
    // No VITE_EXTENSION_STORE_URL in tests: a self-hosted server offers its own copy (issue 25).
    expect(download.getAttribute('href')).toBe('/client/install-extension');
    expect(download.getAttribute('target')).toBeNull();
  });
});
