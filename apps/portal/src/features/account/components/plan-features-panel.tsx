import { SimpleGrid, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  FEATURE_LABELS,
  FEATURES,
  formatBytes,
  getPlan,
  hasFeature,
  type TAttachmentStorage,
} from '@waymark/core';
import { Panel } from '../../../components/panel/panel';

/** Props of {@link PlanFeaturesPanel}. */
export type PlanFeaturesPanelProps = {
  planId: number | undefined;
  /** Attachment bytes used against the organization's quota (issue 14); absent while loading. */
  storage?: TAttachmentStorage | undefined;
};

const unlimited = (limit: number | null) => (limit === null ? 'Unlimited' : String(limit));

/** spec §2 plan features table: the current plan's limits and every feature, included or not (§9). */
export function PlanFeaturesPanel({ planId, storage }: PlanFeaturesPanelProps) {
  if (planId === undefined)
    return (
      <Panel title="Plan Features">
        <Skeleton height={120} />
      </Panel>
    );
  const plan = getPlan(planId);
  const limits = [
    { label: 'Projects', value: unlimited(plan.maxProjects) },
    { label: 'Sites per project', value: unlimited(plan.maxSitesPerProject) },
    { label: 'Users', value: plan.maxUsers === null ? 'One per license' : String(plan.maxUsers) },
    ...(storage
      ? [
          {
            label: 'Attachment storage',
            value: `${formatBytes(storage.usedBytes)} of ${formatBytes(storage.quotaBytes)} used`,
          },
        ]
      : []),
  ];
  return (
    <Panel title="Plan Features">
      <SimpleGrid cols={{ base: 1, sm: limits.length }} mb="md">
        {limits.map((limit) => (
          <div key={limit.label} data-testid={`limit-${limit.label}`}>
            <Text size="sm" c="dimmed">
              {limit.label}
            </Text>
            <Text fw={600}>{limit.value}</Text>
          </div>
        ))}
      </SimpleGrid>
      <Table striped withTableBorder aria-label={`Features of the ${plan.planName} plan`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            <Table.Th scope="col" ta="center">
              {plan.planName}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {FEATURES.map((feature) => {
            const isIncluded = hasFeature(plan, feature);
            return (
              <Table.Tr key={feature}>
                <Table.Th scope="row" fw={500}>
                  {FEATURE_LABELS[feature]}
                </Table.Th>
                <Table.Td ta="center">
                  <span aria-hidden="true">{isIncluded ? '✓' : '—'}</span>
                  <VisuallyHidden>{isIncluded ? 'Included' : 'Not included'}</VisuallyHidden>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}
