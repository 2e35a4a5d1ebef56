import { Checkbox, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { PROJECT_LIST_MAX_HEIGHT, type TProject } from '@waymark/core';
import { useState } from 'react';

/** Props of {@link ProjectChecklist}. */
export type ProjectChecklistProps = {
  projects: readonly TProject[];
  selected: readonly number[];
  onChange: (projectIds: number[]) => void;
};

/**
 * The Project Access tab: the organization's projects as a checklist, searchable by name
 * (spec §5: case-insensitive substring), at most 13rem tall (spec §9).
 */
export function ProjectChecklist({ projects, selected, onChange }: ProjectChecklistProps) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = projects.filter((project) => project.projectName.toLowerCase().includes(needle));
  return (
    <Stack gap="sm">
      <TextInput
        label="Search projects"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={PROJECT_LIST_MAX_HEIGHT} type="auto">
        <Checkbox.Group
          label="Projects this user can access"
          value={selected.map(String)}
          onChange={(values) => onChange(values.map(Number))}
        >
          <Stack gap="xs" mt="xs">
            {shown.map((project) => (
              <Checkbox
                key={project.projectId}
                value={String(project.projectId)}
                label={project.projectName}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {shown.length === 0 && (
          <Text c="dimmed" size="sm">
            {projects.length === 0
              ? 'This organization has no projects yet.'
              : 'No project matches.'}
          </Text>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}
