import { Avatar, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { FOUNDERS } from '../about-content';

/** The four co-founders, each with role and a short biography. */
export function FounderList() {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="lg"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {FOUNDERS.map((founder) => (
        <Paper key={founder.name} component="li" withBorder p="lg">
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
        </Paper>
      ))}
    </SimpleGrid>
  );
}
