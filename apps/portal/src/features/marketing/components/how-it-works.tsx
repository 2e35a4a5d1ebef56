import { List, Text } from '@mantine/core';

const STEPS = [
  {
    title: 'Install and sign in.',
    text: 'Add Waymark to Chrome or Edge, pin it to the toolbar and create your account. Your organization starts on the free trial.',
  },
  {
    title: 'Create a project for your site.',
    text: 'Open the site, create a project and invite the people who work on it. Give each of them access to the projects they need.',
  },
  {
    title: 'Record items as you browse.',
    text: 'Add a requirement on the form it describes or a bug on the page where it happens. Anyone with access sees it the moment they open that page.',
  },
];

/** Three numbered steps from installing to the first item. */
export function HowItWorks() {
  return (
    <List type="ordered" spacing="lg" size="lg" maw={760}>
      {STEPS.map((step) => (
        <List.Item key={step.title}>
          <Text component="span" fw={700}>
            {step.title}
          </Text>{' '}
          <Text component="span" c="gray.8">
            {step.text}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
