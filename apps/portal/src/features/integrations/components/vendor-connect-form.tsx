import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { TTrackerConnectInput } from '@waymark/core';
import { useState } from 'react';
import type { VendorFormSpec } from './vendor-form-specs';

/** Props of {@link VendorConnectForm}. */
export type VendorConnectFormProps = {
  isSaving: boolean;
  onSubmit: (input: TTrackerConnectInput) => void;
};

/**
 * Connects one vendor's tracker: its instructions, its fields (each checked as typed, secrets in
 * password inputs that are emptied after each submit) and one submit button enabled once every
 * field is valid. What each vendor asks for is its {@link VendorFormSpec}.
 */
export function VendorConnectForm({
  spec,
  isSaving,
  onSubmit,
}: VendorConnectFormProps & { spec: VendorFormSpec }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const valueOf = (name: string) => (values[name] ?? '').trim();
  const errorOf = (field: VendorFormSpec['fields'][number]) =>
    valueOf(field.name) === '' ? undefined : field.check?.(valueOf(field.name));
  const isComplete = spec.fields.every(
    (field) => valueOf(field.name) !== '' && errorOf(field) === undefined,
  );
  const setValue = (name: string, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  return (
    <form
      aria-label={`Connect ${spec.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(spec.toInput(valueOf));
        // The secret is not kept on screen once sent; the rest stays for a corrected retry.
        setValues((current) => {
          const kept = { ...current };
          for (const field of spec.fields) if (field.isSecret) delete kept[field.name];
          return kept;
        });
      }}
    >
      <Stack>
        <Text size="sm">{spec.intro}</Text>
        {spec.fields.map((field) => {
          const Input = field.isSecret ? PasswordInput : TextInput;
          return (
            <Input
              key={field.name}
              label={field.label}
              description={field.description}
              placeholder={field.placeholder}
              type={field.isSecret ? undefined : (field.type ?? 'text')}
              value={values[field.name] ?? ''}
              onChange={(event) => setValue(field.name, event.currentTarget.value)}
              error={errorOf(field)}
              autoComplete="off"
              required
            />
          );
        })}
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving} disabled={!isComplete}>
            Connect {spec.name}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
