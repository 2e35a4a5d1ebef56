import { Alert, Button, Group, Skeleton } from '@mantine/core';
import type { TOrgUser } from '@waymark/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { Panel } from '../../../components/panel/panel';
import { readOrgId } from '../../../lib/org-storage';
import {
  useDeleteUser,
  useInviteUser,
  useResendInvite,
  useSaveProjectAccess,
} from '../api/use-user-mutations';
import { licenseInfoQuery, orgProjectsQuery, orgUsersQuery } from '../api/users-queries';
import { DeleteUserModal } from './delete-user-modal';
import { LicenseUsage } from './license-usage';
import { UserProfileModal } from './user-profile-modal';
import { UsersTable } from './users-table';

/** Which profile is open: none, a new user (create mode) or an existing one (edit mode). */
type Profile = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: TOrgUser };

/**
 * spec §2 Users screen: licence usage with Manage Licenses, Add New User, and the searchable
 * table of the organization's users with edit, Resend and delete.
 */
export function UsersScreen() {
  const orgId = readOrgId();
  const users = useQuery(orgUsersQuery(orgId));
  const licenses = useQuery(licenseInfoQuery(orgId));
  const projects = useQuery(orgProjectsQuery(orgId));
  const [profile, setProfile] = useState<Profile>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<TOrgUser | null>(null);
  const closeProfile = () => setProfile({ mode: 'closed' });
  const invite = useInviteUser(orgId, { onDone: closeProfile });
  const saveProjects = useSaveProjectAccess(orgId, { onDone: closeProfile });
  const remove = useDeleteUser(orgId, { onDone: () => setToDelete(null) });
  const resend = useResendInvite(orgId);

  return (
    <AdminPage title="Users">
      <Panel title="License Usage">
        <LicenseUsage info={licenses.data} />
      </Panel>
      <Panel title="Organization Users">
        <Group justify="flex-end" mb="md">
          <Button onClick={() => setProfile({ mode: 'create' })}>Add New User</Button>
        </Group>
        {users.isError && <Alert color="red">The users could not be loaded.</Alert>}
        {users.data ? (
          <UsersTable
            users={users.data}
            onEdit={(user) => setProfile({ mode: 'edit', user })}
            onResend={(user) => resend.mutate(user.userId)}
            onDelete={setToDelete}
            resendingUserId={resend.isPending ? (resend.variables ?? null) : null}
          />
        ) : (
          !users.isError && <Skeleton height={120} />
        )}
      </Panel>
      {profile.mode !== 'closed' && (
        <UserProfileModal
          key={profile.mode === 'edit' ? profile.user.userId : 'new'}
          user={profile.mode === 'edit' ? profile.user : null}
          projects={projects.data ?? []}
          isSaving={invite.isPending || saveProjects.isPending}
          onInvite={(input) => invite.mutate(input)}
          onSaveProjects={(input) => saveProjects.mutate(input)}
          onClose={closeProfile}
        />
      )}
      <DeleteUserModal
        user={toDelete}
        isDeleting={remove.isPending}
        onConfirm={(user) => remove.mutate(user.userId)}
        onClose={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
