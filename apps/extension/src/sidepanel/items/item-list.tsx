import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TItemSummary } from '@waymark/core';

/** The items of the page as cards; a click opens one. */
export function ItemList({
  items,
  onOpen,
  isPathShown = false,
}: {
  items: TItemSummary[];
  onOpen: (itemId: number) => void;
  /** Show each item's page path (project-wide search results). */
  isPathShown?: boolean;
}) {
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label="Items on this page"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item) => (
        <li key={item.itemId}>
          <UnstyledButton w="100%" onClick={() => onOpen(item.itemId)} aria-label={item.title}>
            <Paper withBorder p="xs">
              <Text size="sm" fw={600}>
                {item.title}
              </Text>
              {isPathShown && (
                <Text size="xs" c="dimmed">
                  {item.relativePath}
                </Text>
              )}
              <Group gap={4} mt={4}>
                <Badge size="xs" variant="light">
                  {item.itemTypeDescription}
                </Badge>
                <Badge size="xs" variant="outline" color="gray">
                  {item.itemStatusDescription}
                </Badge>
                {item.releaseTitle && (
                  <Badge size="xs" variant="dot" color="grape">
                    {item.releaseTitle}
                  </Badge>
                )}
                {item.tags.map((tag) => (
                  <Badge key={tag} size="xs" variant="default">
                    {tag}
                  </Badge>
                ))}
              </Group>
              {(item.assignee || item.noteCount > 0) && (
                <Text size="xs" c="dimmed" mt={4}>
                  {[
                    item.assignee && `Assigned to ${item.assignee.fullName}`,
                    item.noteCount > 0 &&
                      `${item.noteCount} note${item.noteCount === 1 ? '' : 's'}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              )}
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
