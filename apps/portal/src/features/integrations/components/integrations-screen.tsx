import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { routes, type TWebhookEndpoint, type TWebhookEndpointInput } from '@waymark/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { useBanner } from '../../../components/banner/use-banner';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { MAIN_CONTENT_ID } from '../../../components/skip-link/skip-link';
import { Panel } from '../../../components/panel/panel';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { orgProjectsQuery } from '../../../lib/org-projects';
import { readOrgId } from '../../../lib/org-storage';
import { webhookEndpointsQuery, webhookKeys } from '../api/webhook-queries';
import { EndpointCard } from './endpoint-card';
import { EndpointForm } from './endpoint-form';
import { SecretDialog } from './secret-dialog';
import { TrackersSection } from './trackers-section';

/**
 * Issue 30 Integrations screen: the organization's outgoing webhooks and Slack endpoints — add
 * one (its secret shown once), edit its settings, enable or disable, rotate the secret, delete, and each one's
 * delivery log with redeliver; and the issue trackers (docs/integrations.md).
 */
export function IntegrationsScreen() {
  const orgId = readOrgId();
  const queryClient = useQueryClient();
  const { showBanner } = useBanner();
  const endpoints = useQuery(webhookEndpointsQuery(orgId));
  const projects = useQuery(orgProjectsQuery(orgId));
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [editing, setEditing] = useState<TWebhookEndpoint | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(orgId) });
  const onError = (error: unknown) => showBanner(getErrorMessage(error), 'error');
  const create = useMutation({
    mutationFn: (body: TWebhookEndpointInput) =>
      apiClient.call(routes.createWebhookEndpoint, { params: { orgId }, body }),
    onSuccess: async (created) => {
      showBanner('Endpoint added.');
      if (created.secret) setSecret(created.secret);
      await reload();
    },
    onError,
  });
  const update = useMutation({
    mutationFn: (input: { endpointId: number; body: TWebhookEndpointInput }) =>
      apiClient.call(routes.updateWebhookEndpoint, {
        params: { orgId, endpointId: input.endpointId },
        body: input.body,
      }),
    onSuccess: async () => {
      showBanner('Endpoint saved.');
      setEditing(null);
      await reload();
    },
    onError,
  });
  const toggle = useMutation({
    mutationFn: (input: { endpointId: number; isEnabled: boolean }) =>
      apiClient.call(routes.setWebhookEndpointEnabled, {
        params: { orgId, endpointId: input.endpointId },
        body: { isEnabled: input.isEnabled },
      }),
    onSuccess: reload,
    onError,
  });
  const rotate = useMutation({
    mutationFn: (endpoint: TWebhookEndpoint) =>
      apiClient.call(routes.rotateWebhookSecret, {
        params: { orgId, endpointId: endpoint.endpointId },
        body: { secretVersion: endpoint.secretVersion },
      }),
    onSuccess: async (rotated) => {
      setSecret(rotated.secret);
      await reload();
    },
    onError: async (error) => {
      onError(error);
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (endpointId: number) =>
      apiClient.call(routes.deleteWebhookEndpoint, { params: { orgId, endpointId } }),
    onSuccess: async (text) => {
      showBanner(text);
      setDeleting(null);
      await reload();
    },
    onError,
  });
  const projectName = (projectId: number | null) =>
    projects.data?.find((project) => project.projectId === projectId)?.projectName ?? null;
  return (
    <AdminPage title="Integrations">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Panel title="Add endpoint">
          <EndpointForm
            projects={projects.data ?? []}
            isSaving={create.isPending}
            onSubmit={(body) => create.mutate(body)}
          />
        </Panel>
        <Panel title="Endpoints">
          <Stack>
            {endpoints.data?.length === 0 ? (
              <Text size="sm">
                No endpoint yet. Events are sent to each endpoint as items change, signed per
                Standard Webhooks, or as Slack messages.
              </Text>
            ) : null}
            {endpoints.data?.map((endpoint) => (
              <EndpointCard
                key={endpoint.endpointId}
                orgId={orgId}
                endpoint={endpoint}
                projectName={projectName(endpoint.projectId)}
                onToggle={(isEnabled) =>
                  toggle.mutate({ endpointId: endpoint.endpointId, isEnabled })
                }
                onRotate={() => rotate.mutate(endpoint)}
                onEdit={() => setEditing(endpoint)}
                onDelete={() => setDeleting(endpoint)}
              />
            ))}
          </Stack>
        </Panel>
      </SimpleGrid>
      <TrackersSection orgId={orgId} />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title="Edit endpoint"
        centered
        size="lg"
        portalProps={{ target: document.getElementById(MAIN_CONTENT_ID) ?? undefined }}
      >
        {editing ? (
          <EndpointForm
            key={editing.endpointId}
            label="Save endpoint"
            initial={editing}
            projects={projects.data ?? []}
            isSaving={update.isPending}
            onSubmit={(body) => update.mutate({ endpointId: editing.endpointId, body })}
          />
        ) : null}
      </Modal>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete endpoint"
        confirmLabel="Delete"
        isWorking={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.endpointId)}
        onClose={() => setDeleting(null)}
      >
        <Text>
          Delete the endpoint {deleting?.url} and its delivery log? Events stop being sent to it.
        </Text>
      </ConfirmDialog>
    </AdminPage>
  );
}
