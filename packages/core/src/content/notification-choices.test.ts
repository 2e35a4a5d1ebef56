import { describe, expect, it } from 'vitest';
import type { TNotificationPref } from '../entities/conversation';
import { choiceOf, choicesOf, toSavedPreferences, withChoices } from './notification-choices';

const rows: TNotificationPref[] = [
  { projectId: null, event: 'note', isEnabled: true, email: 'immediate' },
  { projectId: 7, event: 'note', isEnabled: false, email: 'off' },
  { projectId: 8, event: 'status', isEnabled: true, email: 'off' },
];

describe('notification choices', () => {
  it('reads all-projects rows, else the defaults', () => {
    expect(choiceOf(rows, null, 'note')).toBe('immediate');
    expect(choiceOf(rows, null, 'mention')).toBe('immediate');
    expect(choiceOf(rows, null, 'status')).toBe('digest');
  });

  it("reads a project's rows, else 'inherit'; a disabled row is 'none'", () => {
    expect(choiceOf(rows, 7, 'note')).toBe('none');
    expect(choiceOf(rows, 7, 'status')).toBe('inherit');
    expect(choiceOf(rows, 8, 'status')).toBe('off');
  });

  it("replaces only the chosen project's rows; 'inherit' writes none", () => {
    const choices = choicesOf(rows, 7).set('note', 'inherit').set('mention', 'digest');
    expect(withChoices(rows, 7, choices)).toEqual([
      rows[0],
      rows[2],
      { projectId: 7, event: 'mention', isEnabled: true, email: 'digest' },
    ]);
  });

  it('writes every event for all projects, "not at all" as disabled', () => {
    const next = withChoices(rows, null, new Map([['status', 'none']]));
    expect(next.filter((row) => row.projectId === null)).toHaveLength(6);
    expect(next).toContainEqual({
      projectId: null,
      event: 'status',
      isEnabled: false,
      email: 'off',
    });
    expect(next).toContainEqual(rows[1]);
  });

  it('saves what was read without the list of projects', () => {
    const view = {
      timeZone: 'UTC',
      digestHour: 8,
      toolbarBadge: true,
      isEmailOff: false,
      prefs: rows,
      projects: [{ projectId: 7, projectName: 'Shop', orgName: 'Acme' }],
    };
    expect(toSavedPreferences(view)).toEqual({ ...view, projects: undefined });
    expect('projects' in toSavedPreferences(view)).toBe(false);
  });
});
