import {
  Anchor,
  Badge,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Typography,
  VisuallyHidden,
} from '@mantine/core';
import { descriptionHtmlOf } from './mention-text';
import type { TItemDetail } from '@waymark/core';
import { formatTime } from '../../shared/format-time';

/** Every field of an item, read-only; the description is the server-sanitised HTML. */
export function ItemFields({ item }: { item: TItemDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['Type', item.itemTypeDescription],
    ['Status', item.itemStatusDescription],
    ['Page', item.relativePath],
    [
      'Tags',
      item.tags.length ? (
        <Group gap={4}>
          {item.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="light">
              {tag}
            </Badge>
          ))}
        </Group>
      ) : (
        '—'
      ),
    ],
    ['Assignee', item.assignee?.fullName ?? 'Nobody'],
    ['Release', item.releaseTitle ?? 'None'],
    [
      'Links',
      item.externalUrls.length ? (
        <Stack gap={0}>
          {item.externalUrls.map((url) => (
            <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" size="sm">
              {url}
            </Anchor>
          ))}
        </Stack>
      ) : (
        '—'
      ),
    ],
    ['Created', `${item.createdBy?.fullName ?? 'Unknown'} · ${formatTime(item.createdAt)}`],
    ['Updated', formatTime(item.updatedAt)],
  ];
  return (
    <Stack gap="xs">
      <Table withRowBorders={false} verticalSpacing={2} aria-label="Item fields">
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={80}>
                <Text size="xs" c="dimmed">
                  {name}
                </Text>
              </Table.Th>
              <Table.Td>
                <Text size="sm" component="div">
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {item.descriptionHtml && (
        <Typography fz="sm" data-testid="item-description">
          {/* Its own heading level, so a bug's "Environment" (h4) follows an h3 (axe heading-order). */}
          <VisuallyHidden>
            <Title order={3}>Description</Title>
          </VisuallyHidden>
          {/* Sanitised by the server's allow-list (apps/server/src/modules/items/sanitize-description.ts);
              mentions shown with current names, escaped. */}
          <div
            dangerouslySetInnerHTML={{
              __html: descriptionHtmlOf(item.descriptionHtml, item.descriptionMentions),
            }}
          />
        </Typography>
      )}
    </Stack>
  );
}
