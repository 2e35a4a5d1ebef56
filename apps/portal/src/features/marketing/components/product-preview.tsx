import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import classes from './product-preview.module.css';

const PREVIEW_ITEMS = [
  {
    type: 'Requirement',
    title: 'Card number field accepts spaces',
    status: 'Open',
    color: 'waymark',
  },
  { type: 'Bug', title: 'Discount code ignored on retry', status: 'In Progress', color: 'orange' },
  {
    type: 'Process',
    title: 'Refunds over $500 need a second approver',
    status: 'Closed',
    color: 'dark',
  },
] as const;

/**
 * A drawing of the extension beside a checkout page, for the landing hero. It illustrates the idea
 * (items listed next to the page they describe); screen readers skip it — the hero text says it.
 */
export function ProductPreview() {
  return (
    <Paper className={classes.window} shadow="md" withBorder aria-hidden="true">
      <Group gap={6} className={classes.chrome}>
        <span className={classes.dot} />
        <span className={classes.dot} />
        <span className={classes.dot} />
        <Text size="xs" className={classes.address}>
          shop.example.com/checkout
        </Text>
      </Group>
      <div className={classes.body}>
        <Box className={classes.page}>
          <div className={classes.lineWide} />
          <div className={classes.line} />
          <div className={classes.field} />
          <div className={classes.field} />
          <div className={classes.button} />
        </Box>
        <Stack gap={8} className={classes.panel}>
          <Text fw={700} size="sm">
            3 items on this page
          </Text>
          {PREVIEW_ITEMS.map((item) => (
            <Paper key={item.title} withBorder p={8} radius="sm">
              <Text size="xs" fw={700} c="gray.7">
                {item.type}
              </Text>
              <Text size="sm" lh={1.3}>
                {item.title}
              </Text>
              <Badge size="xs" mt={4} color={item.color} variant="dot">
                {item.status}
              </Badge>
            </Paper>
          ))}
        </Stack>
      </div>
    </Paper>
  );
}
