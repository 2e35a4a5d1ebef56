import { Button, Checkbox, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { TOKEN_NAME_MAX_LENGTH, TOKEN_SCOPES, type TTokenScope } from '@waymark/core';
import { useState, type FormEvent } from 'react';
import { EXPIRY_CHOICES, expiryFrom } from '../token-expiry';

/** What the form submits. */
export type TokenFormValues = {
  name: string;
  scopes: TTokenScope[];
  expiresAt: string | null;
  projectIds: number[];
};

/** Props of {@link TokenForm}. */
export type TokenFormProps = {
  /** `key`: also choose projects (an organization API key). */
  kind: 'pat' | 'key';
  projects?: { projectId: number; projectName: string }[];
  /** The scopes offered; all by default (a member of no organization as admin gets no `admin`). */
  scopeChoices?: readonly TTokenScope[];
  isWorking: boolean;
  onSubmit: (values: TokenFormValues) => void;
};

const SCOPE_LABELS: Record<TTokenScope, string> = {
  'items:read': 'Read items',
  'items:write': 'Write items',
  admin: 'Administer the organization',
};

/** The fields of a new token: name, scopes, expiry, and a key's projects. */
export function TokenForm({
  kind,
  projects = [],
  scopeChoices = TOKEN_SCOPES,
  isWorking,
  onSubmit,
}: TokenFormProps) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['items:read']);
  const [expiry, setExpiry] = useState<string>('90');
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const isKey = kind === 'key';
  const isComplete = name.trim() !== '' && scopes.length > 0 && (!isKey || projectIds.length > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete) return;
    onSubmit({
      name: name.trim(),
      scopes: scopes as TTokenScope[],
      expiresAt: expiryFrom(expiry, new Date()),
      projectIds: projectIds.map(Number),
    });
  };
  return (
    <form onSubmit={submit} aria-label={isKey ? 'New API key' : 'New personal access token'}>
      <Stack gap="sm" maw={560}>
        <TextInput
          label="Name"
          description="What uses it, e.g. CI or Claude Code"
          value={name}
          maxLength={TOKEN_NAME_MAX_LENGTH}
          onChange={(event) => setName(event.currentTarget.value)}
          required
        />
        <Checkbox.Group label="Scopes" value={scopes} onChange={setScopes} required>
          <Group mt="xs">
            {scopeChoices.map((scope) => (
              <Checkbox key={scope} value={scope} label={SCOPE_LABELS[scope]} />
            ))}
          </Group>
        </Checkbox.Group>
        {isKey && (
          <MultiSelect
            label="Projects"
            placeholder="Choose the projects it may use"
            data={projects.map((project) => ({
              value: String(project.projectId),
              label: project.projectName,
            }))}
            value={projectIds}
            onChange={setProjectIds}
            required
          />
        )}
        <Select
          label="Expires"
          data={[...EXPIRY_CHOICES]}
          value={expiry}
          onChange={(value) => setExpiry(value ?? 'never')}
          allowDeselect={false}
        />
        <Group>
          <Button type="submit" disabled={!isComplete} loading={isWorking}>
            {isKey ? 'Create API key' : 'Create token'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
