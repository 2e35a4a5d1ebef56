import { Alert, Button, Code, CopyButton, Group, Text } from '@mantine/core';

/** Props of {@link CreatedSecret}. */
export type CreatedSecretProps = { name: string; secret: string; onDone: () => void };

/** A new token's secret, shown this once with a copy button. */
export function CreatedSecret({ name, secret, onDone }: CreatedSecretProps) {
  return (
    <Alert color="green" title={`Token “${name}” created`} role="status">
      <Text size="sm" mb="xs">
        Copy it now: it is shown only once. Keep it like a password.
      </Text>
      <Code block data-testid="created-secret">
        {secret}
      </Code>
      <Group mt="sm">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Alert>
  );
}
