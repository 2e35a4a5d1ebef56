import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { FEATURE_LABELS, type Plan } from '@waymark/core';
import { describeProjects, describeSites, describeUsers, formatPlanPrice } from '../plan-figures';

/** Props of {@link PlanCard}. */
export type PlanCardProps = { plan: Plan; isHighlighted?: boolean };

/** One plan: price per user per month, limits and included features, all from packages/core. */
export function PlanCard({ plan, isHighlighted = false }: PlanCardProps) {
  const headingId = `plan-${plan.planId}-heading`;
  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      p="lg"
      radius="md"
      shadow={isHighlighted ? 'md' : undefined}
      style={
        isHighlighted
          ? { borderColor: 'var(--mantine-color-waymark-7)', borderWidth: 2 }
          : undefined
      }
    >
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={3} id={headingId}>
            {plan.planName}
          </Title>
          {isHighlighted && <Badge variant="light">Most popular</Badge>}
        </Group>
        <div>
          <Text component="span" fz={40} fw={800} lh={1} data-testid="plan-price">
            {formatPlanPrice(plan)}
          </Text>
          <Text component="span" c="gray.7" ml={6}>
            per user / month
          </Text>
        </div>
        <List spacing={4} size="sm" aria-label={`${plan.planName} limits`}>
          <List.Item>{describeProjects(plan)}</List.Item>
          <List.Item>{describeSites(plan)}</List.Item>
          <List.Item>{describeUsers(plan)}</List.Item>
        </List>
        <List spacing={4} size="sm" aria-label={`${plan.planName} features`}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{FEATURE_LABELS[feature]}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
