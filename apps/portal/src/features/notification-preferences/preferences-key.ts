/** The query key of the caller's notification preferences (issue 27). */
export const PREFERENCES_KEY = ['notification-preferences'] as const;
