import { Anchor, Button, Group, List, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { proposeTemplate, type TUrlTemplate } from '@waymark/core';
import { useId, useState } from 'react';
import { useCallApi } from '../../shared/use-call-api';

/** Props of {@link DeclareTemplate}. */
export type DeclareTemplateProps = {
  projectId: number;
  /** The concrete page shown, e.g. `/orders/1` (its kept query is not part of a template). */
  relativePath: string;
  /** After the template is saved: the page is looked up again and names its template. */
  onSaved: (template: TUrlTemplate) => void;
};

/**
 * Issue 31, from the panel: on a page whose path looks like one of a family ("/orders/1"), a
 * member offers "Items here apply to every /orders/… page": a small form proposing
 * `/orders/:id` (editable), the known pages it would absorb (the server's preview, shown before
 * saving) and Save. The server's refusals (a tie with a saved template, a malformed one) show
 * under the field. Not offered where nothing in the path looks like an identifier.
 */
export function DeclareTemplate({ projectId, relativePath, onSaved }: DeclareTemplateProps) {
  const proposal = proposeTemplate(relativePath);
  const [isOpen, setIsOpen] = useState(false);
  if (!proposal) return null;
  if (!isOpen)
    return (
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={() => setIsOpen(true)}
        data-testid="declare-template"
      >
        Items here apply to every {proposal.prefix}/… page
      </Anchor>
    );
  return (
    <TemplateForm
      projectId={projectId}
      proposed={proposal.pattern}
      onCancel={() => setIsOpen(false)}
      onSaved={(template) => {
        setIsOpen(false);
        onSaved(template);
      }}
    />
  );
}

function TemplateForm({
  projectId,
  proposed,
  onCancel,
  onSaved,
}: {
  projectId: number;
  proposed: string;
  onCancel: () => void;
  onSaved: (template: TUrlTemplate) => void;
}) {
  const callApi = useCallApi();
  const headingId = useId();
  const [pattern, setPattern] = useState(proposed);
  const [name, setName] = useState('');
  // The pattern the preview shows; the form saves only what was previewed.
  const [previewed, setPreviewed] = useState(proposed);
  const preview = useQuery({
    queryKey: ['urlTemplatePreview', projectId, previewed],
    queryFn: () => callApi('previewUrlTemplate', { body: { projectId, pattern: previewed } }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const save = useMutation({
    mutationFn: () =>
      callApi('createUrlTemplate', {
        body: { projectId, pattern: previewed, name: name.trim() || null },
      }),
    onSuccess: onSaved,
  });
  const isCurrent = pattern.trim() === previewed;
  const refusal = (isCurrent && preview.error?.message) || save.error?.message || null;
  return (
    <Stack
      component="form"
      gap="xs"
      aria-labelledby={headingId}
      data-testid="declare-template-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isCurrent) {
          save.reset();
          setPreviewed(pattern.trim());
        } else if (preview.isSuccess) save.mutate();
      }}
    >
      <Text id={headingId} size="sm" fw={600}>
        Make this page one of a family
      </Text>
      <TextInput
        size="xs"
        label="Template"
        description="Pages matching it share their items: :name stands for one part, * for the rest."
        value={pattern}
        onChange={(event) => setPattern(event.currentTarget.value)}
        error={refusal}
        autoFocus
      />
      <TextInput
        size="xs"
        label="Name (optional)"
        placeholder="Order page"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={100}
      />
      {isCurrent && preview.isPending && (
        <Loader size="xs" aria-label="Finding the pages it covers" />
      )}
      {isCurrent && preview.isSuccess && <Absorbed paths={preview.data.paths} />}
      <Group gap="xs">
        {isCurrent ? (
          <Button type="submit" size="xs" disabled={!preview.isSuccess} loading={save.isPending}>
            Save template
          </Button>
        ) : (
          <Button type="submit" size="xs" variant="light">
            Preview
          </Button>
        )}
        <Button type="button" size="xs" variant="subtle" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function Absorbed({ paths }: { paths: { relativePath: string; itemCount: number }[] }) {
  if (paths.length === 0)
    return (
      <Text size="xs" c="dimmed" role="status">
        No known page matches it yet; pages you open later will.
      </Text>
    );
  return (
    <Stack gap={2} role="status" aria-label="Pages it covers">
      <Text size="xs">Their items will be shared ({paths.length} known pages):</Text>
      <List size="xs" spacing={0} data-testid="absorbed-paths">
        {paths.map((path) => (
          <List.Item key={path.relativePath}>
            <code>{path.relativePath}</code> · {path.itemCount}{' '}
            {path.itemCount === 1 ? 'item' : 'items'}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
