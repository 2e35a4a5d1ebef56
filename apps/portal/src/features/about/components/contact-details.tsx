import { Anchor, List, Text } from '@mantine/core';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from '@waymark/core';

/** How to reach the company: e-mail, phone, hours and where we are. */
export function ContactDetails() {
  return (
    <List spacing="sm" size="lg" listStyleType="none" p={0}>
      <List.Item>
        <Text component="span" fw={700}>
          E-mail:{' '}
        </Text>
        <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
      </List.Item>
      <List.Item>
        <Text component="span" fw={700}>
          Phone:{' '}
        </Text>
        <Anchor href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}>{SUPPORT_PHONE}</Anchor>
      </List.Item>
      <List.Item>
        <Text component="span" fw={700}>
          Hours:{' '}
        </Text>
        {SUPPORT_HOURS}
      </List.Item>
      <List.Item>
        <Text component="span" fw={700}>
          Office:{' '}
        </Text>
        Waymark Software LLC, Columbus, Ohio, USA
      </List.Item>
    </List>
  );
}
