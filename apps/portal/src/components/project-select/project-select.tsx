import { Select } from '@mantine/core';
import { PROJECT_LIST_MAX_HEIGHT, type TProject } from '@waymark/core';

/** Props of {@link ProjectSelect}. */
export type ProjectSelectProps = {
  /** The box's label. */
  label: string;
  /** spec §2: e.g. "Select project to manage releases". */
  placeholder: string;
  projects: readonly TProject[];
  /** The selected project's id, or null. */
  value: number | null;
  onChange: (projectId: number) => void;
};

/**
 * spec §2, §5: a project dropdown that cannot be cleared, searchable by a case-insensitive
 * substring of the name (Mantine's default filter), its list at most 13rem high (spec §9).
 */
export function ProjectSelect({
  label,
  placeholder,
  projects,
  value,
  onChange,
}: ProjectSelectProps) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={projects.map((project) => ({
        value: String(project.projectId),
        label: project.projectName,
      }))}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        if (next !== null) onChange(Number(next));
      }}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No project matches"
      maxDropdownHeight={PROJECT_LIST_MAX_HEIGHT}
    />
  );
}
