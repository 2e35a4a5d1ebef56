/** An issue type of a Jira project, the fields read. */
export type JiraIssueType = {
  id?: string;
  name?: string;
  subtask?: boolean;
  hierarchyLevel?: number;
};

/**
 * The issue types Waymark creates in a project, chosen once on connect: bugs as the project's
 * "Bug" type, everything else as its "Task" type; a project without them (a team-managed or
 * renamed scheme) uses its first standard type (not a sub-task, not an epic) for both. Null when
 * the project has no standard type at all.
 */
export function chooseIssueTypes(
  types: JiraIssueType[],
): { bugTypeId: string; taskTypeId: string } | null {
  const standard = types.filter(
    (type): type is JiraIssueType & { id: string } =>
      typeof type.id === 'string' && !type.subtask && (type.hierarchyLevel ?? 0) === 0,
  );
  const named = (name: string) => standard.find((type) => type.name?.trim().toLowerCase() === name);
  const task = named('task') ?? standard[0];
  if (!task) return null;
  return { bugTypeId: (named('bug') ?? task).id, taskTypeId: task.id };
}
