import { markdownToAdf } from 'marklassian';

/** An Atlassian Document Format document (the `description` of a Jira REST v3 issue). */
export type AdfDocument = ReturnType<typeof markdownToAdf>;

/**
 * The issue body (the same Markdown GitHub and Linear get: description, page on each
 * environment, environment block, screenshot links, link back) as Atlassian Document Format,
 * converted by `marklassian` (docs/architecture.md "Jira descriptions"). Jira REST v3 only takes
 * ADF: Markdown sent as a string would be stored as one literal paragraph.
 */
export function jiraDescription(markdown: string): AdfDocument {
  return markdownToAdf(markdown);
}
