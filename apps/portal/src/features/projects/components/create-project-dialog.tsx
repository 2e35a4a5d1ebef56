import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { routes, ZProjectName, type Plan, type TProject } from '@waymark/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { readOrgId } from '../../../lib/org-storage';
import { queryKeys } from '../../../lib/query-keys';
import { describePlanUsage } from '../plan-usage';

/** Props of {@link CreateProjectDialog}. */
export type CreateProjectDialogProps = {
  opened: boolean;
  plan: Plan | undefined;
  /** How many projects the organization has (spec §9: within the plan's limit). */
  projectCount: number;
  onClose: () => void;
  /** Called with the new project. */
  onCreated: (project: TProject) => void;
};

/** Creates a project with its first domain (the call the extension uses too). */
export function CreateProjectDialog(props: CreateProjectDialogProps) {
  const orgId = readOrgId();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [errors, setErrors] = useState<{ name?: string; baseUrl?: string; form?: string }>({});
  const usage = describePlanUsage(
    props.plan,
    props.projectCount,
    props.plan?.maxProjects,
    'project',
  );
  const close = () => {
    setName('');
    setBaseUrl('');
    setErrors({});
    props.onClose();
  };
  const create = useMutation({
    mutationFn: () =>
      apiClient.call(routes.createProject, {
        body: { orgId, projectName: name.trim(), baseUrl: baseUrl.trim() },
      }),
    onSuccess: async (project) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects(orgId) });
      props.onCreated(project);
      close();
    },
    onError: (error) => setErrors({ form: getErrorMessage(error) }),
  });
  const submit = () => {
    const parsedName = ZProjectName.safeParse(name);
    const next = {
      ...(!parsedName.success && { name: parsedName.error.issues[0]?.message }),
      ...(!baseUrl.trim() && { baseUrl: 'Enter the site address.' }),
    };
    setErrors(next);
    if (Object.keys(next).length === 0) create.mutate();
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Create project" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {usage.text && <Text size="sm">{usage.text}</Text>}
          <TextInput
            label="Project name"
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="First domain"
            placeholder="Enter account url"
            value={baseUrl}
            error={errors.baseUrl}
            onChange={(event) => setBaseUrl(event.currentTarget.value)}
          />
          {errors.form && (
            <Text c="red.8" size="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={usage.isAtLimit}>
              Create project
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
