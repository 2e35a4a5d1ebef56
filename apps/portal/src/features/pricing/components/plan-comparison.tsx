import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { FEATURE_LABELS, FEATURES, hasFeature, type Plan } from '@waymark/core';
import { formatLimit, formatPlanPrice } from '../plan-figures';

/** Props of {@link PlanComparison}. */
export type PlanComparisonProps = { plans: readonly Plan[] };

function Included({ isIncluded }: { isIncluded: boolean }) {
  return isIncluded ? (
    <>
      <span aria-hidden="true">✓</span>
      <VisuallyHidden>Included</VisuallyHidden>
    </>
  ) : (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>Not included</VisuallyHidden>
    </>
  );
}

/** A plan-by-feature table: price, limits, then every feature of packages/core. */
export function PlanComparison({ plans }: PlanComparisonProps) {
  const rows: { label: string; cells: (plan: Plan) => ReactNode }[] = [
    { label: 'Price per user per month', cells: (plan) => formatPlanPrice(plan) },
    { label: 'Projects', cells: (plan) => formatLimit(plan.maxProjects) },
    { label: 'Sites per project', cells: (plan) => formatLimit(plan.maxSitesPerProject) },
    ...FEATURES.map((feature) => ({
      label: FEATURE_LABELS[feature],
      cells: (plan: Plan) => <Included isIncluded={hasFeature(plan, feature)} />,
    })),
  ];
  return (
    // Keyboard users must be able to scroll the table sideways on narrow screens (axe
    // scrollable-region-focusable), so the native scroll container takes focus.
    <Table.ScrollContainer
      minWidth={560}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Plan comparison, scrolls sideways"
    >
      <Table striped withTableBorder verticalSpacing="sm" aria-label="Compare plans">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            {plans.map((plan) => (
              <Table.Th key={plan.planId} scope="col" ta="center">
                {plan.planName}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              {plans.map((plan) => (
                <Table.Td key={plan.planId} ta="center">
                  {row.cells(plan)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
