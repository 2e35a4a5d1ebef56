import { Alert, Text } from '@mantine/core';

/**
 * Says plainly why a mail link's item did not open (issue 27): it is in an organization the
 * signed-in person is not a member of (the server does not tell that from a deleted item, by
 * design: ids reveal nothing to outsiders).
 */
export function LinkedItemOutside({ itemId }: { itemId: number }) {
  return (
    <Alert
      variant="light"
      color="yellow"
      title="This link's item is not in your organizations"
      role="status"
    >
      <Text size="sm">
        Item #{itemId} is in an organization you are not a member of, or it was deleted. Ask whoever
        sent the link to invite you to their organization; the page's own items are below.
      </Text>
    </Alert>
  );
}
