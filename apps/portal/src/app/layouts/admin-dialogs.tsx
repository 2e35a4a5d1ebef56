import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthActions } from '../../features/auth/use-auth-actions';
import { NotificationDialog } from '../../features/notifications/components/notification-dialog';
import { hasInvitation } from '../../features/notifications/notification-actions';
import { siteNotificationsQuery } from '../../features/notifications/use-notification-queue';
import { NameOrganizationModal } from '../../features/orgs/components/name-organization-modal';
import { NewOrganizationModal } from '../../features/orgs/components/new-organization-modal';
import { useOrganisations } from '../../lib/organisations';
import { ACTION_LABELS } from '@waymark/core';

/**
 * The admin shell's mandatory dialogs (spec §4): New Organization for a user without one, the
 * queued notifications, and the organization-naming dialog a dismissal can open. Composed here
 * because features never import each other.
 */
export function AdminDialogs() {
  const { logOut } = useAuthActions();
  const organisations = useOrganisations();
  const [isNaming, setIsNaming] = useState(false);
  const notifications = useQuery(siteNotificationsQuery());
  // issue 12: an invitee without an organization of their own accepts the invitation first.
  const isInvited = hasInvitation(notifications.data ?? []);
  const hasNoOrganisation = organisations.data?.length === 0;
  return (
    <>
      <NewOrganizationModal
        opened={hasNoOrganisation && !notifications.isPending && !isInvited}
        title="New Organization"
        hasNoOrganization
        secondaryAction={{ label: ACTION_LABELS.logout, onClick: logOut }}
      />
      <NotificationDialog
        isActive={(!hasNoOrganisation || isInvited) && !isNaming}
        onOrgNameMissing={() => setIsNaming(true)}
      />
      <NameOrganizationModal opened={isNaming} onSaved={() => setIsNaming(false)} />
    </>
  );
}
