import { describe, expect, it } from 'vitest';
import { chooseIssueTypes } from './jira-issue-types';

describe('chooseIssueTypes', () => {
  it("takes the project's Bug and Task types, whatever their case", () => {
    expect(
      chooseIssueTypes([
        { id: '1', name: 'Epic', hierarchyLevel: 1 },
        { id: '2', name: 'Story', hierarchyLevel: 0 },
        { id: '3', name: 'task' },
        { id: '4', name: 'Bug' },
        { id: '5', name: 'Sub-task', subtask: true, hierarchyLevel: -1 },
      ]),
    ).toEqual({ bugTypeId: '4', taskTypeId: '3' });
  });

  it('falls back to the first standard type for both; none at all is null', () => {
    expect(
      chooseIssueTypes([
        { id: '9', name: 'Epic', hierarchyLevel: 1 },
        { id: '7', name: 'Feature' },
        { id: '8', name: 'Request' },
      ]),
    ).toEqual({ bugTypeId: '7', taskTypeId: '7' });
    expect(chooseIssueTypes([{ id: '5', name: 'Sub-task', subtask: true }])).toBeNull();
    expect(chooseIssueTypes([])).toBeNull();
  });
});
