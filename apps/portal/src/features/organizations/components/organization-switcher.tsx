import { NativeSelect, Text } from '@mantine/core';
import type { TOrganization } from '@waymark/core';
import { adminOrganizations, organizationLabel } from '../organization-choice';

/** Props of {@link OrganizationSwitcher}. */
export type OrganizationSwitcherProps = {
  organizations: readonly TOrganization[];
  /** The stored orgId (spec §3), the source of truth for every screen. */
  selectedOrgId: number;
  onSelect: (organization: TOrganization) => void;
};

/**
 * Issue 25: the shell names the organization being administered; an admin of several picks
 * another here (only those they administer: the admin area is for admins, spec §6).
 */
export function OrganizationSwitcher(props: OrganizationSwitcherProps) {
  const choices = adminOrganizations(props.organizations);
  const selected = props.organizations.find((org) => org.orgId === props.selectedOrgId);
  if (!selected) return null;
  if (choices.length < 2)
    return (
      <Text fw={600} truncate="end" maw={{ base: 140, xs: 320 }} data-testid="org-name">
        {organizationLabel(selected)}
      </Text>
    );
  return (
    <NativeSelect
      aria-label="Organization"
      data-testid="org-switcher"
      w={{ base: 150, xs: 240 }}
      value={String(selected.orgId)}
      data={choices.map((org) => ({ value: String(org.orgId), label: organizationLabel(org) }))}
      onChange={(event) => {
        const next = choices.find((org) => String(org.orgId) === event.currentTarget.value);
        if (next) props.onSelect(next);
      }}
    />
  );
}
