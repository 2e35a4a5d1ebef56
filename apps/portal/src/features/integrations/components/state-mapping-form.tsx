import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { TRACKER_STATES, type TTrackerState, type TTrackerStateMapping } from '@waymark/core';
import { useState } from 'react';

const STATE_LABELS: Record<TTrackerState, string> = {
  open: 'Issue open or reopened',
  done: 'Issue closed as completed',
  canceled: 'Issue closed as not planned',
};

const LEAVE = 'leave';

/** Props of {@link StateMappingForm}. */
export type StateMappingFormProps = {
  mapping: TTrackerStateMapping;
  statuses: readonly { itemStatusId: number; itemStatusDescription: string }[];
  isSaving: boolean;
  onSubmit: (mapping: TTrackerStateMapping) => void;
};

/** Which status an item takes when its tracker issue changes state; "Leave as it is" for none. */
export function StateMappingForm({ mapping, statuses, isSaving, onSubmit }: StateMappingFormProps) {
  const [draft, setDraft] = useState(mapping);
  const data = [
    { value: LEAVE, label: 'Leave as it is' },
    ...statuses.map((s) => ({ value: String(s.itemStatusId), label: s.itemStatusDescription })),
  ];
  return (
    <form
      aria-label="Status mapping"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft);
      }}
    >
      <Stack>
        <Text size="sm">
          When a linked issue changes in the tracker, set the item&apos;s status:
        </Text>
        {TRACKER_STATES.map((state) => (
          <Select
            key={state}
            label={STATE_LABELS[state]}
            data={data}
            value={draft[state] === null ? LEAVE : String(draft[state])}
            onChange={(value) =>
              setDraft({ ...draft, [state]: !value || value === LEAVE ? null : Number(value) })
            }
            allowDeselect={false}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={isSaving}>
            Save mapping
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
