import {
  ActionIcon,
  Button,
  Group,
  List,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { routes, type TUrlTemplatePreview } from '@waymark/core';
import { useState } from 'react';
import { useBanner } from '../../../components/banner/use-banner';
import { apiClient } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/error-message';
import { urlRulesQuery } from '../api/project-queries';

/** Props of {@link UrlRulesSection}. */
export type UrlRulesSectionProps = { projectId: number };

/**
 * Issue 31, in the URL Paths panel: the project's URL templates (add with a preview of the pages
 * they absorb, remove), the query parameters kept as part of a page, and the hash-route switch.
 * docs/url-mapping.md explains each rule.
 */
export function UrlRulesSection({ projectId }: UrlRulesSectionProps) {
  const { showBanner } = useBanner();
  const rules = useQuery(urlRulesQuery(projectId));
  const [pattern, setPattern] = useState('');
  const [name, setName] = useState('');
  const [preview, setPreview] = useState<TUrlTemplatePreview | null>(null);
  const [patternError, setPatternError] = useState<string | null>(null);
  const [kept, setKept] = useState<string[] | null>(null);
  const onError = (error: unknown) => showBanner(getErrorMessage(error), 'error');

  const previewTemplate = useMutation({
    mutationFn: () => apiClient.call(routes.previewUrlTemplate, { body: { projectId, pattern } }),
    onSuccess: (answer) => {
      setPatternError(null);
      setPreview(answer);
    },
    onError: (error) => {
      setPreview(null);
      setPatternError(getErrorMessage(error));
    },
  });
  const saveTemplate = useMutation({
    mutationFn: () =>
      apiClient.call(routes.createUrlTemplate, {
        body: { projectId, pattern, name: name.trim() || null },
      }),
    onSuccess: async (saved) => {
      showBanner(`Saved ${saved.pattern}: its pages now share their items.`);
      setPattern('');
      setName('');
      setPreview(null);
      await rules.refetch();
    },
    onError: (error) => setPatternError(getErrorMessage(error)),
  });
  const removeTemplate = useMutation({
    mutationFn: (templateId: number) =>
      apiClient.call(routes.deleteUrlTemplate, { body: { projectId, templateId } }),
    onSuccess: async (message) => {
      showBanner(message);
      await rules.refetch();
    },
    onError,
  });
  const saveSettings = useMutation({
    mutationFn: (input: { hashRoutes: boolean; keptParams: string[] }) =>
      apiClient.call(routes.setUrlRules, { body: { projectId, ...input } }),
    onSuccess: async () => {
      setKept(null);
      showBanner('Saved successfully');
      await rules.refetch();
    },
    onError,
  });

  const data = rules.data;
  if (!data) return null;
  const keptParams = kept ?? data.keptParams;
  return (
    <Stack gap="sm" component="section" aria-labelledby="url-rules-title">
      <Title order={3} size="h5" id="url-rules-title">
        URL templates and parameters
      </Title>
      <List aria-label="URL templates" listStyleType="none" spacing={4}>
        {data.templates.length === 0 && <List.Item>No template yet.</List.Item>}
        {data.templates.map((template) => (
          <List.Item key={template.templateId}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">
                {template.name ? `${template.name} (${template.pattern})` : template.pattern}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove template ${template.pattern}`}
                loading={
                  removeTemplate.isPending && removeTemplate.variables === template.templateId
                }
                onClick={() => removeTemplate.mutate(template.templateId)}
              >
                ×
              </ActionIcon>
            </Group>
          </List.Item>
        ))}
      </List>
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Template"
          placeholder="/orders/:id"
          value={pattern}
          error={patternError}
          onChange={(event) => {
            setPattern(event.currentTarget.value);
            setPreview(null);
            setPatternError(null);
          }}
        />
        <TextInput
          label="Page name (optional)"
          placeholder="Order page"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button
          variant="default"
          disabled={!pattern.trim()}
          loading={previewTemplate.isPending}
          onClick={() => previewTemplate.mutate()}
        >
          Preview
        </Button>
      </Group>
      {preview && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">
            {preview.paths.length === 0
              ? `${preview.pattern} matches no known page yet.`
              : `${preview.pattern} will take over these pages and their items:`}
          </Text>
          <List aria-label="Pages the template absorbs" size="sm">
            {preview.paths.map((path) => (
              <List.Item key={path.relativePath}>
                {path.relativePath} — {path.itemCount} {path.itemCount === 1 ? 'item' : 'items'}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button loading={saveTemplate.isPending} onClick={() => saveTemplate.mutate()}>
              Save template
            </Button>
          </Group>
        </Stack>
      )}
      <TagsInput
        label="Query parameters that matter"
        description="Kept as part of the page (e.g. tab, view); every other parameter is dropped, tracking ones (utm_*, gclid…) always."
        value={keptParams}
        onChange={setKept}
        splitChars={[',', ' ']}
      />
      <Group justify="space-between">
        <Switch
          label="This site routes by fragment (#/path)"
          checked={data.hashRoutes}
          onChange={(event) =>
            saveSettings.mutate({ hashRoutes: event.currentTarget.checked, keptParams })
          }
        />
        <Button
          variant="default"
          disabled={kept === null}
          loading={saveSettings.isPending}
          onClick={() => saveSettings.mutate({ hashRoutes: data.hashRoutes, keptParams })}
        >
          Save parameters
        </Button>
      </Group>
    </Stack>
  );
}
