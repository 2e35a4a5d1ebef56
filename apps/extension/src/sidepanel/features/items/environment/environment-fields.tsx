import { Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ENVIRONMENT_LABELS,
  formatEnvironmentTime,
  type PageEnvironment,
} from './page-environment';

const EDITABLE = (Object.keys(ENVIRONMENT_LABELS) as (keyof PageEnvironment)[]).filter(
  (key) => key !== 'time',
);

/**
 * The environment a new Bug records, filled in automatically and editable before it is saved
 * (it becomes the "Environment" section of the description). The time is when the form opened,
 * shown in the reader's words with the instant kept in `<time dateTime>`.
 */
export function EnvironmentFields({
  environment,
  onChange,
}: {
  environment: PageEnvironment | null;
  onChange: (environment: PageEnvironment) => void;
}) {
  return (
    <Stack gap={4} component="fieldset" aria-label="Environment" style={{ border: 0, padding: 0 }}>
      <Title order={3} size="h6">
        Environment
      </Title>
      <Text size="xs" c="dimmed">
        Recorded from this page; added to the description. Correct or clear any field.
      </Text>
      {environment ? (
        <SimpleGrid cols={1} spacing={4}>
          {EDITABLE.map((key) => (
            <TextInput
              key={key}
              size="xs"
              label={ENVIRONMENT_LABELS[key]}
              value={environment[key]}
              onChange={(event) => onChange({ ...environment, [key]: event.currentTarget.value })}
            />
          ))}
          {environment.time && (
            <Text size="xs">
              {ENVIRONMENT_LABELS.time}:{' '}
              <time dateTime={environment.time}>
                {formatEnvironmentTime(environment.time) ?? environment.time}
              </time>
            </Text>
          )}
        </SimpleGrid>
      ) : (
        <Loader size="xs" aria-label="Reading the page's environment" />
      )}
    </Stack>
  );
}
