import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TApiToken } from '@waymark/core';
import { formatTokenDate } from '../token-expiry';

/** Props of {@link TokenTable}. */
export type TokenTableProps = {
  caption: string;
  tokens: TApiToken[];
  /** Names a key's projects; absent for personal tokens. */
  projectName?: (projectId: number) => string;
  onRevoke: (token: TApiToken) => void;
};

/** Tokens as a table: name, start of the token, scopes, dates and a Revoke button. */
export function TokenTable({ caption, tokens, projectName, onRevoke }: TokenTableProps) {
  if (tokens.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Token</Table.Th>
            <Table.Th>Scopes</Table.Th>
            {projectName && <Table.Th>Projects</Table.Th>}
            <Table.Th>Expires</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>
                <code>{token.prefix}…</code>
              </Table.Td>
              <Table.Td>{token.scopes.join(', ')}</Table.Td>
              {projectName && (
                <Table.Td>{(token.projectIds ?? []).map(projectName).join(', ')}</Table.Td>
              )}
              <Table.Td>{formatTokenDate(token.expiresAt, 'Never')}</Table.Td>
              <Table.Td>{formatTokenDate(token.lastUsedAt, 'Not used yet')}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={`Revoke ${token.name}`}
                  onClick={() => onRevoke(token)}
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
