import { Group, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TPageProject } from '@waymark/core';

/** The URL template a page matched (issue 31), as the page lookup answers it. */
export type PageTemplate = { pattern: string; name: string | null };

/**
 * The project and relative path of the current page on one line, with a compact switcher when
 * several projects match. When a URL template names the page (issue 31) a second line says so —
 * "Order page (/orders/:id)" — and the path stays the concrete one the browser shows.
 */
export function ProjectHeading({
  projects,
  projectId,
  relativePath,
  template = null,
  onSelect,
}: {
  projects: TPageProject[];
  projectId: number;
  relativePath: string;
  template?: PageTemplate | null;
  onSelect: (projectId: number) => void;
}) {
  const heading = (
    <ProjectLine
      projects={projects}
      projectId={projectId}
      relativePath={relativePath}
      onSelect={onSelect}
    />
  );
  if (!template) return heading;
  const label = template.name ? `${template.name} (${template.pattern})` : template.pattern;
  return (
    <Stack gap={0}>
      {heading}
      <Text size="xs" c="dimmed" truncate="end" title={label} data-testid="page-template">
        <VisuallyHidden>Page </VisuallyHidden>
        {label}
      </Text>
    </Stack>
  );
}

function ProjectLine({
  projects,
  projectId,
  relativePath,
  onSelect,
}: {
  projects: TPageProject[];
  projectId: number;
  relativePath: string;
  onSelect: (projectId: number) => void;
}) {
  const project = projects.find((candidate) => candidate.projectId === projectId) ?? projects[0];
  return (
    <Group gap={6} wrap="nowrap" data-testid="page-project">
      {projects.length > 1 ? (
        <NativeSelect
          size="xs"
          aria-label="Project"
          title="This site belongs to several of your projects"
          miw={0}
          style={{ flex: '0 1 auto' }}
          value={String(projectId)}
          onChange={(event) => onSelect(Number(event.currentTarget.value))}
          data={projects.map((candidate) => ({
            value: String(candidate.projectId),
            label: candidate.projectName,
          }))}
        />
      ) : (
        <Text size="sm" fw={600} truncate="end" title={`Project ${project?.projectName ?? ''}`}>
          <VisuallyHidden>Project </VisuallyHidden>
          {project?.projectName}
        </Text>
      )}
      <Text size="sm" c="dimmed" aria-hidden>
        ·
      </Text>
      <Text size="sm" truncate="end" miw={0} title={relativePath}>
        <VisuallyHidden>Path </VisuallyHidden>
        <code data-testid="relative-path">{relativePath}</code>
      </Text>
    </Group>
  );
}
