import { Button, Checkbox, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import {
  WEBHOOK_EVENTS,
  type TProject,
  type TWebhookEndpoint,
  type TWebhookEndpointInput,
  type TWebhookEvent,
} from '@waymark/core';
import { useState } from 'react';
import { EVENT_LABELS } from '../event-labels';

/** Props of {@link EndpointForm}. */
export type EndpointFormProps = {
  projects: readonly TProject[];
  isSaving: boolean;
  onSubmit: (endpoint: TWebhookEndpointInput) => void;
  /** The endpoint being edited; absent: a new one. */
  initial?: TWebhookEndpoint;
  /** The form's name and its button's words (default "Add endpoint"). */
  label?: string;
};

const ALL_PROJECTS = 'all';

/**
 * Adds an endpoint — URL, kind, events (all by default) and an optional project filter — or
 * changes one (`initial`; its secret stays).
 */
export function EndpointForm({
  projects,
  isSaving,
  onSubmit,
  initial,
  label = 'Add endpoint',
}: EndpointFormProps) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [kind, setKind] = useState<'webhook' | 'slack'>(initial?.kind ?? 'webhook');
  const [events, setEvents] = useState<TWebhookEvent[]>(initial?.events ?? [...WEBHOOK_EVENTS]);
  const [project, setProject] = useState<string>(
    initial?.projectId ? String(initial.projectId) : ALL_PROJECTS,
  );
  const [description, setDescription] = useState(initial?.description ?? '');
  const urlError = url.trim() !== '' && !/^https?:\/\/\S+$/i.test(url.trim());
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({
          url: url.trim(),
          kind,
          events,
          projectId: project === ALL_PROJECTS ? null : Number(project),
          description,
        });
      }}
    >
      <Stack>
        <Radio.Group label="Kind" value={kind} onChange={(value) => setKind(value)}>
          <Group mt="xs">
            <Radio value="webhook" label="Webhook (signed JSON)" />
            <Radio value="slack" label="Slack incoming webhook" />
          </Group>
        </Radio.Group>
        <TextInput
          label="Endpoint URL"
          placeholder={
            kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://example.com/waymark'
          }
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={urlError ? 'Enter an http:// or https:// URL.' : undefined}
          required
        />
        <TextInput
          label="Description"
          placeholder="What receives it (optional)"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={200}
        />
        <Checkbox.Group
          label="Events"
          value={events}
          onChange={(value) => setEvents(value)}
          error={events.length === 0 ? 'Choose at least one event.' : undefined}
        >
          <Group mt="xs">
            {WEBHOOK_EVENTS.map((name) => (
              <Checkbox key={name} value={name} label={EVENT_LABELS[name]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label="Project"
          data={[
            { value: ALL_PROJECTS, label: 'All projects' },
            ...projects.map((p) => ({ value: String(p.projectId), label: p.projectName })),
          ]}
          value={project}
          onChange={(value) => setProject(value ?? ALL_PROJECTS)}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={isSaving}
            disabled={url.trim() === '' || urlError || events.length === 0}
          >
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
