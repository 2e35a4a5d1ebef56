import { Alert, Text } from '@mantine/core';
import { ORG_CLOSED_MESSAGE, type TOrganization } from '@waymark/core';

/**
 * Issue 33: tells the panel's user that the selected organization is closed (decision 0063):
 * its items stay readable, nothing can be changed, and when it will be deleted. Nothing when open.
 */
export function ClosedOrgNotice({ org }: { org: TOrganization }) {
  if (!org.closure) return null;
  const day = new Date(org.closure.deletesAt).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    dateStyle: 'long',
  });
  return (
    <Alert color="red" variant="light" title="This organization is closed" role="status">
      <Text size="sm">{ORG_CLOSED_MESSAGE}</Text>
      <Text size="sm">Its data will be deleted on {day}.</Text>
    </Alert>
  );
}
