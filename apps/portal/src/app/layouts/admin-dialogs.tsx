import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthActions } from '../../features/auth';
import {
  hasInvitation,
  NotificationDialog,
  siteNotificationsQuery,
} from '../../features/notifications';
import {
  isQuietWelcome,
  NameOrganizationModal,
  NewOrganizationModal,
} from '../../features/organizations';
import { useOrganizations } from '../../lib/organizations';
import { ACTION_LABELS } from '@waymark/core';

/**
 * The admin shell's mandatory dialogs (spec §4): New Organization for a user without one (which
 * also asks for the name, issue 25), the queued notifications (a named organization's welcome
 * answered quietly), and the organization-naming dialog a dismissal can open. Composed here
 * because features never import each other.
 */
export function AdminDialogs() {
  const { logOut } = useAuthActions();
  const organizations = useOrganizations();
  const [isNaming, setIsNaming] = useState(false);
  const notifications = useQuery(siteNotificationsQuery());
  // issue 12: an invitee without an organization of their own accepts the invitation first.
  const isInvited = hasInvitation(notifications.data ?? []);
  const hasNoOrganization = organizations.data?.length === 0;
  return (
    <>
      <NewOrganizationModal
        opened={hasNoOrganization && !notifications.isPending && !isInvited}
        title="New Organization"
        hasNoOrganization
        secondaryAction={{ label: ACTION_LABELS.logout, onClick: logOut }}
      />
      <NotificationDialog
        isActive={(!hasNoOrganization || isInvited) && !isNaming}
        onOrgNameMissing={() => setIsNaming(true)}
        isSilent={(notification) => isQuietWelcome(notification, organizations.data ?? [])}
      />
      <NameOrganizationModal opened={isNaming} onSaved={() => setIsNaming(false)} />
    </>
  );
}
