import { TextInput } from '@mantine/core';
import { ORG_NAME_MAX_LENGTH, ZOrgName } from '@waymark/core';
import { useState, type ReactElement } from 'react';
import { ORG_NAME_REQUIRED_MESSAGE } from '../org-messages';

/** What {@link useOrgNameField} gives a dialog: the input and a reader of its valid value. */
export type OrgNameField = {
  field: ReactElement;
  /** The trimmed, valid name; null (and the reason shown under the box) when it is not. */
  read: () => string | null;
};

/** The "Organization name" box of the naming and creating dialogs, checked with core's ZOrgName. */
export function useOrgNameField(): OrgNameField {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const read = () => {
    const parsed = ZOrgName.safeParse(name);
    setError(
      parsed.success ? null : (parsed.error.issues[0]?.message ?? ORG_NAME_REQUIRED_MESSAGE),
    );
    return parsed.success ? parsed.data : null;
  };
  const field = (
    <TextInput
      label="Organization name"
      value={name}
      onChange={(event) => setName(event.currentTarget.value)}
      error={error}
      maxLength={ORG_NAME_MAX_LENGTH}
      required
      data-autofocus
    />
  );
  return { field, read };
}
