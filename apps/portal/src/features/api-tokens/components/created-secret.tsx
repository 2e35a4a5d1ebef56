import { Button, Code, CopyButton, Group, Paper, Text, Title } from '@mantine/core';

/** Props of {@link CreatedSecret}. */
export type CreatedSecretProps = { name: string; secret: string; onDone: () => void };

/** A new token's secret, shown this once with a copy button. */
export function CreatedSecret({ name, secret, onDone }: CreatedSecretProps) {
  return (
    // A plain bordered panel: Mantine's green alert title fails WCAG contrast (axe, e2e).
    <Paper withBorder p="md" role="status">
      <Title order={3} size="h4" mb="xs">
        Token “{name}” created
      </Title>
      <Text size="sm" mb="xs">
        Copy it now: it is shown only once. Keep it like a password.
      </Text>
      {/* Wrapped, not scrolled: a scrolling block would need keyboard focus (axe, 375 px). */}
      <Code
        block
        data-testid="created-secret"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
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
    </Paper>
  );
}
