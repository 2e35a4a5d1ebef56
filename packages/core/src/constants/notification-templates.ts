// A constant of its own, apart from the account routes' zod shapes: the side panel reads it on
// its first screen, and importing it from the route module brought zod along (issue 34).

/**
 * Notification templates (spec §4 Notifications): 5, 2 and 6 show Okay, 4 shows Accept,
 * 1 counts as a dismiss type. What each one announces is ours to choose.
 */
export const NOTIFICATION_TEMPLATES = {
  /** A plain message; dismissed like the Okay templates. */
  info: 1,
  /** The organization's plan changed. */
  planChanged: 2,
  /** An invitation to join an organization; answered with acceptOrgAccess. */
  orgInvitation: 4,
  /** Welcome after creating an organization; dismissing it asks for the name when empty. */
  welcome: 5,
  /** The trial ended or is about to. */
  trialEnded: 6,
} as const;
