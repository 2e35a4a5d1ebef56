import { NativeSelect } from '@mantine/core';
import type { OrgSelection } from './use-org-selection';

/** Picks the organization whose projects the panel shows; hidden with only one. */
export function OrgSwitcher({ selection }: { selection: OrgSelection }) {
  if (selection.orgs.length < 2) return null;
  return (
    <NativeSelect
      size="xs"
      label="Organization"
      value={String(selection.org?.orgId ?? '')}
      onChange={(event) => selection.select(Number(event.currentTarget.value))}
      data={selection.orgs.map((org) => ({ value: String(org.orgId), label: org.orgName }))}
    />
  );
}
