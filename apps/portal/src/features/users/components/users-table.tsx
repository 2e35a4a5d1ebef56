import {
  ActionIcon,
  Button,
  Group,
  Pagination,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { TOrgUser } from '@waymark/core';
import { useState } from 'react';
import { canDelete, canResend, filterUsers, pageOf } from '../user-table';

/** Props of {@link UsersTable}. */
export type UsersTableProps = {
  users: readonly TOrgUser[];
  onEdit: (user: TOrgUser) => void;
  onResend: (user: TOrgUser) => void;
  onDelete: (user: TOrgUser) => void;
  /** The user whose invitation is being sent again, if any. */
  resendingUserId: number | null;
};

const EDIT_PATH = 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4';
const DELETE_PATH = 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13';

/** An icon button of a table row; `label` names the action and the user. */
function RowAction(props: { label: string; path: string; color?: string; onClick: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color={props.color}
      aria-label={props.label}
      onClick={props.onClick}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={props.path} />
      </svg>
    </ActionIcon>
  );
}

/** spec §2: the searchable users table, 5 per page (spec §9), with edit, Resend and delete. */
export function UsersTable({
  users,
  onEdit,
  onResend,
  onDelete,
  resendingUserId,
}: UsersTableProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const filtered = filterUsers(users, search);
  const { rows, pageCount } = pageOf(filtered, page);
  return (
    <>
      <TextInput
        label="Search users"
        description="Name, e-mail, level or status"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        mb="md"
      />
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Level</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Projects</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((user) => {
              const name = user.fullName || user.email;
              return (
                <Table.Tr key={user.userId}>
                  <Table.Td>{user.fullName}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.orgAccessLevelDescription}</Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {user.orgAccessStatusDescription}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {user.projects.map((project) => project.projectName).join(', ') || '—'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      {canResend(user) && (
                        <Button
                          size="xs"
                          variant="light"
                          loading={resendingUserId === user.userId}
                          onClick={() => onResend(user)}
                          aria-label={`Resend invitation to ${name}`}
                        >
                          Resend
                        </Button>
                      )}
                      <RowAction
                        label={`Edit ${name}`}
                        path={EDIT_PATH}
                        onClick={() => onEdit(user)}
                      />
                      {canDelete(user) && (
                        <RowAction
                          label={`Delete ${name}`}
                          path={DELETE_PATH}
                          color="red"
                          onClick={() => onDelete(user)}
                        />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {filtered.length === 0 && (
        <Text c="dimmed" mt="sm">
          No user matches.
        </Text>
      )}
      {pageCount > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </>
  );
}
