import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { VendorConnectFormProps } from './github-connect-form';

/**
 * Connects a Linear team: a personal API key of a workspace admin (Linear lets only admins add
 * webhooks, and Waymark adds the team's webhook itself) and the team's key. The key is checked
 * with Linear before it is stored.
 */
export function LinearConnectForm({ isSaving, onSubmit }: VendorConnectFormProps) {
  const [token, setToken] = useState('');
  const [team, setTeam] = useState('');
  const isTeamValid = /^[A-Za-z0-9_]{1,20}$/.test(team.trim());
  return (
    <form
      aria-label="Connect Linear"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ vendor: 'linear', token: token.trim(), team: team.trim() });
        setToken('');
      }}
    >
      <Stack>
        <Text size="sm">
          Create a personal API key in Linear (Settings → Security &amp; access → Personal API keys)
          as a <strong>workspace admin</strong>: Waymark adds the team&apos;s webhook itself, and
          only admins may.
        </Text>
        <TextInput
          label="Team key"
          description="The prefix of the team's issues: ENG for ENG-123."
          placeholder="ENG"
          value={team}
          onChange={(event) => setTeam(event.currentTarget.value)}
          error={
            team.trim() !== '' && !isTeamValid ? 'Letters and digits, as in ENG-123.' : undefined
          }
          required
        />
        <PasswordInput
          label="API key"
          placeholder="lin_api_…"
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          autoComplete="off"
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving} disabled={!isTeamValid || token.trim() === ''}>
            Connect Linear
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
