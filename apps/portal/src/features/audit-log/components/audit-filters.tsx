import { Button, Group, Select, TextInput } from '@mantine/core';
import type { AuditFilterForm } from '../audit-filter';
import { AUDIT_ACTION_OPTIONS } from '../audit-labels';

/** Props of {@link AuditFilters}. */
export type AuditFiltersProps = {
  value: AuditFilterForm;
  actors: { value: string; label: string }[];
  onChange: (value: AuditFilterForm) => void;
  onReset: () => void;
};

/** The audit log's filter bar: actor, action, target, from and to days. */
export function AuditFilters({ value, actors, onChange, onReset }: AuditFiltersProps) {
  const set = (part: Partial<AuditFilterForm>) => onChange({ ...value, ...part });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Actor"
        placeholder="Anyone"
        data={actors}
        value={value.actorUserId}
        onChange={(actorUserId) => set({ actorUserId })}
        clearable
        searchable
        w={{ base: '100%', sm: 220 }}
      />
      <Select
        label="Action"
        placeholder="Any action"
        data={AUDIT_ACTION_OPTIONS}
        value={value.action}
        onChange={(action) => set({ action: action })}
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      <TextInput
        label="Target"
        placeholder="Name, e-mail or id"
        value={value.target}
        onChange={(event) => set({ target: event.currentTarget.value })}
        w={{ base: '100%', sm: 200 }}
      />
      <TextInput
        label="From"
        type="date"
        value={value.fromDay}
        onChange={(event) => set({ fromDay: event.currentTarget.value })}
        w={{ base: '100%', sm: 160 }}
      />
      <TextInput
        label="To"
        type="date"
        value={value.toDay}
        onChange={(event) => set({ toDay: event.currentTarget.value })}
        w={{ base: '100%', sm: 160 }}
      />
      <Button variant="default" onClick={onReset}>
        Clear filters
      </Button>
    </Group>
  );
}
