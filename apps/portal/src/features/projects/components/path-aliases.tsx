import { Badge, CloseButton, Group, Text } from '@mantine/core';

/** Props of {@link PathAliases}. */
export type PathAliasesProps = {
  /** The path they show. */
  path: string;
  /** Its aliases (issue 31): old addresses after renames, pages whose canonical link names it. */
  aliases: readonly string[];
  /** Asks to remove one (the caller confirms first). */
  onRemove: (alias: string) => void;
};

/**
 * Issue 31: under a URL path, the other addresses that show its items, each with a remove
 * button, so an administrator sees why an old link still lands on this page and can undo it.
 */
export function PathAliases({ path, aliases, onRemove }: PathAliasesProps) {
  if (aliases.length === 0) return null;
  return (
    <Group gap={6} pl="xs" wrap="wrap" align="center">
      <Text size="xs" c="dimmed">
        Also shown at
      </Text>
      <Group
        component="ul"
        gap={6}
        wrap="wrap"
        aria-label={`Aliases of ${path}`}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {aliases.map((alias) => (
          <li key={alias}>
            <Badge
              variant="light"
              color="gray"
              tt="none"
              size="lg"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove alias ${alias}`}
                  onClick={() => onRemove(alias)}
                />
              }
            >
              {alias}
            </Badge>
          </li>
        ))}
      </Group>
    </Group>
  );
}
