import { NativeSelect } from '@mantine/core';
import type { TPageProject } from '@waymark/core';
import classes from '../../shared/plain-layout.module.css';

/** The URL template a page matched (issue 31), as the page lookup answers it. */
export type PageTemplate = { pattern: string; name: string | null };

/**
 * The project and relative path of the current page on one line, with a compact switcher when
 * several projects match. When a URL template names the page (issue 31) a second line says so —
 * "Order page (/orders/:id)" — and the path stays the concrete one the browser shows. Plain
 * elements styled with Mantine's variables, but for the switcher: it is in the panel's first
 * render (docs/extension.md, "First paint", step 14).
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
    <div>
      {heading}
      <p className={classes.dimmedLine} title={label} data-testid="page-template">
        <span className={classes.hidden}>Page </span>
        {label}
      </p>
    </div>
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
    <div className={classes.row} data-testid="page-project">
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
        <p className={classes.project} title={`Project ${project?.projectName ?? ''}`}>
          <span className={classes.hidden}>Project </span>
          {project?.projectName}
        </p>
      )}
      <p className={classes.separator} aria-hidden>
        ·
      </p>
      <p className={classes.line} title={relativePath}>
        <span className={classes.hidden}>Path </span>
        <code data-testid="relative-path">{relativePath}</code>
      </p>
    </div>
  );
}
