/**
 * The names of the actions people are told about in the portal, the extension, the welcome page
 * and the user guide: one vocabulary (issue 9), the spec's words where it has them — the top
 * bar's **Log In** and **Sign Up** (spec §2) and the sidebar's **Logout** (spec §2, §6). The spec
 * names no button for creating an item; **Add Item** follows its "Add New User" / "Add New".
 * Every button with one of these meanings takes its label from here, and the guide's text is
 * written with these constants, so the two cannot drift apart (see docs/architecture.md).
 */
export const ACTION_LABELS = {
  /** Opens the identity provider's sign-in screen. */
  logIn: 'Log In',
  /** Opens the identity provider's sign-up screen. */
  signUp: 'Sign Up',
  /** Ends the session (portal sidebar, Non-admin screen, extension side panel). */
  logout: 'Logout',
  /** Starts recording a new item on the current page (extension side panel). */
  addItem: 'Add Item',
} as const;

/**
 * Other spellings of the same actions that must not appear as a button name or in the guide's
 * words; vocabulary.test.ts checks the shared texts against it.
 */
export const RETIRED_ACTION_LABELS = [
  'Sign in',
  'Sign In',
  'Sign out',
  'Sign Out',
  'Log out',
  'Log Out',
  'New item',
  'New Item',
] as const;
