import { Alert, Button, Group, Text } from '@mantine/core';
import type { TMention } from '@waymark/core';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from '../../shared/error-alert';
import { useCallApi } from '../../shared/use-call-api';

/**
 * Tells the author of a note who was mentioned but cannot see the project, and so was not told
 * (issue 27: a mention never reveals an item). An admin grants them the project in one click;
 * `onGranted` drops them from the notice.
 */
export function GrantAccessNotice({
  people,
  projectId,
  access,
  onGranted,
}: {
  people: TMention[];
  projectId: number;
  access: { orgId: number; isAdmin: boolean };
  onGranted: (userId: number) => void;
}) {
  const callApi = useCallApi();
  const grant = useMutation({
    mutationFn: (userId: number) =>
      callApi('addProjectAccess', {
        params: { orgId: access.orgId, userId },
        body: { projectIds: [projectId] },
      }),
    onSuccess: (_answer, userId) => onGranted(userId),
  });
  return (
    <Alert variant="light" color="yellow" title="Not notified" role="status">
      <Text size="sm">
        {people.map((person) => person.fullName).join(', ')} cannot see this project, so{' '}
        {people.length === 1 ? 'was' : 'were'} not told.
        {!access.isAdmin && ' An administrator of your organization can give access.'}
      </Text>
      {access.isAdmin && (
        <Group gap={4} mt={4}>
          {people.map((person) => (
            <Button
              key={person.userId}
              size="compact-xs"
              loading={grant.isPending && grant.variables === person.userId}
              onClick={() => grant.mutate(person.userId)}
            >
              Give {person.fullName} access to this project
            </Button>
          ))}
        </Group>
      )}
      {grant.error && <ErrorAlert error={grant.error} title="Access was not given" />}
    </Alert>
  );
}
