import { NOTIFICATION_EVENTS } from '../entities/conversation-words';
import type {
  TNotificationEvent,
  TNotificationPref,
  TNotificationPreferences,
  TNotificationPreferencesView,
} from '../entities/conversation';

// Issue 27: the notification preferences as people choose them — one choice per event, for every
// project or for one — shared by the side panel's Preferences and the portal's Notifications
// page, so both read and write the same rows the same way.

/** What happens with one kind of notification: e-mailed at once or in the digest, inbox only, nothing. */
export type NotificationChoice = 'immediate' | 'digest' | 'off' | 'none';
/** A project's choice: its own, or the all-projects one ('inherit'). */
export type ProjectNotificationChoice = NotificationChoice | 'inherit';

/** The question each event answers. */
export const NOTIFICATION_EVENT_LABELS: Record<TNotificationEvent, string> = {
  mention: 'Someone mentions me',
  assigned: 'An item is assigned to me',
  status: 'A status changes on what I watch',
  note: 'A note is added to what I watch',
  attachment: 'A file is attached to what I watch',
  itemCreated: 'An item is added on a page I watch',
};

/** The choices, in the order a list shows them. */
export const NOTIFICATION_CHOICES: readonly { value: NotificationChoice; label: string }[] = [
  { value: 'immediate', label: 'E-mail within minutes' },
  { value: 'digest', label: 'In the daily digest' },
  { value: 'off', label: 'In the inbox, no e-mail' },
  { value: 'none', label: 'Not at all' },
];

/** The extra first choice of a project: whatever is chosen for all projects. */
export const INHERIT_CHOICE = { value: 'inherit', label: 'As for all projects' } as const;

/** What an event does when nobody chose: mentions and assignments at once, the rest in the digest. */
export function defaultChoice(event: TNotificationEvent): NotificationChoice {
  return event === 'mention' || event === 'assigned' ? 'immediate' : 'digest';
}

const toChoice = (pref: TNotificationPref): NotificationChoice =>
  pref.isEnabled ? pref.email : 'none';

/**
 * The choice shown for `event` for every project (`projectId` null: its row, else the default)
 * or for one project (its row, else 'inherit').
 */
export function choiceOf(
  prefs: readonly TNotificationPref[],
  projectId: number | null,
  event: TNotificationEvent,
): ProjectNotificationChoice {
  const pref = prefs.find((row) => row.projectId === projectId && row.event === event);
  if (pref) return toChoice(pref);
  return projectId === null ? defaultChoice(event) : 'inherit';
}

/** `prefs` with the rows of `projectId` (null: every project) replaced by `choices`. */
export function withChoices(
  prefs: readonly TNotificationPref[],
  projectId: number | null,
  choices: ReadonlyMap<TNotificationEvent, ProjectNotificationChoice>,
): TNotificationPref[] {
  const others = prefs.filter((row) => row.projectId !== projectId);
  const chosen = NOTIFICATION_EVENTS.flatMap((event): TNotificationPref[] => {
    const choice = choices.get(event) ?? choiceOf(prefs, projectId, event);
    if (choice === 'inherit') return [];
    return [
      {
        projectId,
        event,
        isEnabled: choice !== 'none',
        email: choice === 'none' ? 'off' : choice,
      },
    ];
  });
  return [...others, ...chosen];
}

/** The choices of every event for `projectId`, as a form starts with them. */
export function choicesOf(
  prefs: readonly TNotificationPref[],
  projectId: number | null,
): Map<TNotificationEvent, ProjectNotificationChoice> {
  return new Map(NOTIFICATION_EVENTS.map((event) => [event, choiceOf(prefs, projectId, event)]));
}

/** What is saved from what was read: everything but the list of projects. */
export function toSavedPreferences(view: TNotificationPreferencesView): TNotificationPreferences {
  const { projects: _projects, ...preferences } = view;
  return preferences;
}

/** The "Preferences for" value of every project. */
export const ALL_PROJECTS_SCOPE = 'all';

/** The options of "Preferences for": all projects, then each project with its organization. */
export function preferenceScopeOptions(
  projects: TNotificationPreferencesView['projects'],
): { value: string; label: string }[] {
  return [
    { value: ALL_PROJECTS_SCOPE, label: 'All projects' },
    ...projects.map((project) => ({
      value: String(project.projectId),
      label: `${project.projectName} (${project.orgName})`,
    })),
  ];
}

/** The project a "Preferences for" value names; null for all projects. */
export function scopeProjectId(scope: string): number | null {
  return scope === ALL_PROJECTS_SCOPE ? null : Number(scope);
}

/** The choices of one event: a project's start with "As for all projects". */
export function choiceOptionsFor(
  projectId: number | null,
): readonly { value: ProjectNotificationChoice; label: string }[] {
  return projectId === null ? NOTIFICATION_CHOICES : [INHERIT_CHOICE, ...NOTIFICATION_CHOICES];
}

/** The options of "Daily digest at": each hour of the day. */
export const DIGEST_HOUR_OPTIONS: readonly { value: string; label: string }[] = Array.from(
  { length: 24 },
  (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }),
);
