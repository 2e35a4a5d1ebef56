import { Anchor, Card, List, Text, Title } from '@mantine/core';
import { TEAMMATE_NEXT_STEPS } from '@waymark/core';
import { Link } from 'react-router';
import { getExtensionLink } from '../extension-link';

/**
 * What an invited member does next (issue 25): the portal is for administrators, their work
 * happens in the extension — install it, open the project's site, find the items in the panel.
 */
export function TeammateNextSteps({ orgName }: { orgName: string }) {
  const link = getExtensionLink();
  const [install, ...rest] = TEAMMATE_NEXT_STEPS;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="next-steps-heading">
      <Title order={2} size="h4" id="next-steps-heading">
        You&apos;re in {orgName.trim() === '' ? 'your organization' : orgName}: what to do next
      </Title>
      <Text size="sm" c="gray.7" mt={4} mb="sm">
        Your work happens in the Waymark extension, next to the pages it is about.
      </Text>
      <List type="ordered" spacing="xs">
        <List.Item>
          {install}{' '}
          {link.isExternal ? (
            <Anchor href={link.href} target="_blank" rel="noopener noreferrer">
              Get the extension
            </Anchor>
          ) : (
            <Anchor component={Link} to={link.href}>
              How to install it
            </Anchor>
          )}
        </List.Item>
        {rest.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
    </Card>
  );
}
