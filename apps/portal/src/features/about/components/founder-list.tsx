import { Avatar, Text, Title } from '@mantine/core';
import { CardList } from '../../../components/card-list/card-list';
import { FOUNDERS } from '../about-content';

/** The four co-founders, each with role and a short biography. */
export function FounderList() {
  return (
    <CardList
      items={FOUNDERS}
      getKey={(founder) => founder.name}
      renderItem={(founder) => (
        <>
          <Avatar color="waymark" variant="filled" size={56} radius="xl" aria-hidden="true">
            {founder.initials}
          </Avatar>
          <Title order={3} size="h4" mt="md">
            {founder.name}
          </Title>
          <Text fw={600} c="waymark.8">
            {founder.role}
          </Text>
          <Text mt="xs" c="gray.8">
            {founder.bio}
          </Text>
        </>
      )}
    />
  );
}
