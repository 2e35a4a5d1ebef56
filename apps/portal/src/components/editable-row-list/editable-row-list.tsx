import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EditableRow } from '../../lib/editable-rows';

/** Props of {@link EditableRowList}. */
export type EditableRowListProps = {
  /** The rows to show (one page of them, where the list is paged). */
  rows: readonly EditableRow[];
  /** Placeholder of every box, e.g. "Enter status name" (spec §2). */
  placeholder: string;
  /** What one row is, for the boxes' and remove icons' names ("Status"). */
  itemLabel: string;
  /** Field errors by row key. */
  errors?: Record<string, string>;
  /** Boxes cannot be edited nor rows removed (e.g. the plan does not allow it). */
  isReadOnly?: boolean;
  /** Whether row `row` gets a remove icon (default: every row). */
  canRemove?: (row: EditableRow) => boolean;
  /** Shown when there are no rows. */
  emptyText: string;
  /** What to show under a row (a URL path's aliases); nothing when it answers null. */
  renderDetails?: (row: EditableRow) => ReactNode;
  onChange: (key: string, text: string) => void;
  onRemove: (row: EditableRow) => void;
};

function RemoveIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M5 7h14M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

/** spec §2: a list of editable text rows, each with a remove icon. */
export function EditableRowList(props: EditableRowListProps) {
  const { rows, itemLabel, errors = {}, isReadOnly = false, canRemove = () => true } = props;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {props.emptyText}
      </Text>
    );
  return (
    <Stack gap="xs">
      {rows.map((row) => {
        const name = row.original || `new ${itemLabel.toLowerCase()}`;
        return (
          <Stack key={row.key} gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                flex={1}
                value={row.text}
                placeholder={props.placeholder}
                aria-label={`${itemLabel} ${name}`}
                error={errors[row.key]}
                readOnly={isReadOnly}
                onChange={(event) => props.onChange(row.key, event.currentTarget.value)}
              />
              {!isReadOnly && canRemove(row) && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove ${name}`}
                  onClick={() => props.onRemove(row)}
                >
                  <RemoveIcon />
                </ActionIcon>
              )}
            </Group>
            {props.renderDetails?.(row)}
          </Stack>
        );
      })}
    </Stack>
  );
}
