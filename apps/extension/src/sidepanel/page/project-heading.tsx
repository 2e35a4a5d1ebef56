import { NativeSelect, Stack, Text } from '@mantine/core';
import type { TPageProject } from '@waymark/core';

/** The project and relative path of the current page, with a switcher when several match. */
export function ProjectHeading({
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
    <Stack gap={2} data-testid="page-project">
      {projects.length > 1 ? (
        <NativeSelect
          size="xs"
          label="Project"
          description="This site belongs to several of your projects"
          value={String(projectId)}
          onChange={(event) => onSelect(Number(event.currentTarget.value))}
          data={projects.map((candidate) => ({
            value: String(candidate.projectId),
            label: candidate.projectName,
          }))}
        />
      ) : (
        <Text size="sm">
          Project <strong>{project?.projectName}</strong>
        </Text>
      )}
      <Text size="sm">
        Path <code data-testid="relative-path">{relativePath}</code>
      </Text>
    </Stack>
  );
}
