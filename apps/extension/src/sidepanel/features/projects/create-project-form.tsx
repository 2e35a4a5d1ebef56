import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useChromeApi } from '../../../ui/index';
import { ErrorAlert } from '../../shared/error-alert';
import { useCallApi } from '../../shared/use-call-api';
import { requestSiteAccess } from '../../shared/site-access/request-site-access';
import { suggestProjectName } from './suggest-project-name';

/** "Create a project for this site": base URL = the page's origin, name from its host. */
export function CreateProjectForm({
  orgId,
  pageUrl,
  onCreated,
}: {
  orgId: number;
  pageUrl: string;
  onCreated: () => void;
}) {
  const api = useChromeApi();
  const callApi = useCallApi();
  const origin = new URL(pageUrl).origin;
  const [name, setName] = useState(() => suggestProjectName(pageUrl));
  const create = useMutation({
    mutationFn: () =>
      callApi('createProject', { body: { orgId, projectName: name, baseUrl: origin } }),
    onSuccess: onCreated,
  });
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="Create a project for this site"
      onSubmit={(event) => {
        event.preventDefault();
        void requestSiteAccess(api, pageUrl);
        create.mutate();
      }}
    >
      <TextInput
        size="xs"
        label="Project name"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Text size="xs" c="dimmed">
        Site: {origin}
      </Text>
      {create.isError && <ErrorAlert error={create.error} title="The project was not created" />}
      <Button type="submit" size="xs" loading={create.isPending}>
        Create a project for this site
      </Button>
    </Stack>
  );
}
