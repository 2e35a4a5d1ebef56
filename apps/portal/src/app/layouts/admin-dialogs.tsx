import { useState } from 'react';
import { useAuthActions } from '../../features/auth';
import { NotificationDialog } from '../../features/notifications';
import { NameOrganizationModal, NewOrganizationModal } from '../../features/organizations';
import { useOrganizations } from '../../lib/organizations';
import { ACTION_LABELS } from '@waymark/core';

/**
 * The admin shell's mandatory dialogs (spec §4): New Organization for a user without one, the
 * queued notifications, and the organization-naming dialog a dismissal can open. Composed here
 * because features never import each other.
 */
export function AdminDialogs() {
  const { logOut } = useAuthActions();
  const organizations = useOrganizations();
  const [isNaming, setIsNaming] = useState(false);
  const hasNoOrganization = organizations.data?.length === 0;
  return (
    <>
      <NewOrganizationModal
        opened={hasNoOrganization}
        title="New Organization"
        hasNoOrganization
        secondaryAction={{ label: ACTION_LABELS.logout, onClick: logOut }}
      />
      <NotificationDialog
        isActive={!hasNoOrganization && !isNaming}
        onOrgNameMissing={() => setIsNaming(true)}
      />
      <NameOrganizationModal opened={isNaming} onSaved={() => setIsNaming(false)} />
    </>
  );
}
