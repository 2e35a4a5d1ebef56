import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { TTrackerConnectInput } from '@waymark/core';
import { useState } from 'react';

/** Props of a vendor's connect form ({@link GitHubConnectForm}, `LinearConnectForm`). */
export type VendorConnectFormProps = {
  isSaving: boolean;
  onSubmit: (input: TTrackerConnectInput) => void;
};

/**
 * Connects GitHub Issues: a fine-grained personal access token with "Issues: read and write" on
 * the repository, and the repository. The token is checked with GitHub before it is stored.
 */
export function GitHubConnectForm({ isSaving, onSubmit }: VendorConnectFormProps) {
  const [token, setToken] = useState('');
  const [repository, setRepository] = useState('');
  const [owner = '', repo = ''] = repository.trim().split('/');
  const isRepositoryValid = /^[\w.-]+\/[\w.-]+$/.test(repository.trim());
  return (
    <form
      aria-label="Connect GitHub"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ vendor: 'github', token: token.trim(), owner, repo });
        setToken('');
      }}
    >
      <Stack>
        <Text size="sm">
          Create a fine-grained personal access token on GitHub (Settings → Developer settings) with
          access to the repository and the permission <strong>Issues: Read and write</strong>.
        </Text>
        <TextInput
          label="Repository"
          placeholder="owner/repository"
          value={repository}
          onChange={(event) => setRepository(event.currentTarget.value)}
          error={
            repository.trim() !== '' && !isRepositoryValid
              ? 'Write it as owner/repository.'
              : undefined
          }
          required
        />
        <PasswordInput
          label="Fine-grained token"
          placeholder="github_pat_…"
          value={token}
          onChange={(event) => setToken(event.currentTarget.value)}
          autoComplete="off"
          required
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={isSaving}
            disabled={!isRepositoryValid || token.trim() === ''}
          >
            Connect GitHub
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
