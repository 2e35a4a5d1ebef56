import { Table, Text } from '@mantine/core';
import type { TAuditEvent } from '@waymark/core';
import { auditActionLabel, describeChange } from '../audit-labels';

/** Props of {@link AuditTable}. */
export type AuditTableProps = { events: TAuditEvent[] };

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Audit rows as a table: when, who, what, the target, the change and where from. */
export function AuditTable({ events }: AuditTableProps) {
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No audit events match these filters.
      </Text>
    );
  return (
    // Nothing in the rows takes the focus: the scrolling viewport does, so a keyboard can scroll
    // the table sideways on a phone (axe scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={880}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Audit events' },
      }}
    >
      <Table striped>
        <Table.Caption>Audit events, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>From</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                <time dateTime={event.at}>{timeFormat.format(new Date(event.at))}</time>
              </Table.Td>
              <Table.Td>{event.actor.label}</Table.Td>
              <Table.Td>{auditActionLabel(event.action)}</Table.Td>
              <Table.Td>{event.target.label}</Table.Td>
              <Table.Td>
                {event.before && <div>Before: {describeChange(event.before)}</div>}
                {event.after && <div>After: {describeChange(event.after)}</div>}
              </Table.Td>
              <Table.Td>
                <div>{event.ip ?? ''}</div>
                <Text size="xs" c="dimmed" lineClamp={1} title={event.userAgent ?? undefined}>
                  {event.userAgent ?? ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
