/**
 * The attributes the React components put on what a pre-rendered page's islands make work
 * (issue 34): the islands find their elements by these, not by labels or Mantine class names.
 */
export const ISLAND = {
  /** On Log In / Sign Up buttons: `log-in` or `sign-up`. */
  auth: 'data-auth-action',
  /** On the burger that opens the phone-width menu. */
  menuButton: 'data-menu-button',
  /** On the `<template>` holding the menu's content (links and buttons). */
  menuContent: 'data-menu-content',
  /** On a button that scrolls to the element whose id is its value (See it in action). */
  scrollTo: 'data-scroll-to',
  /** On an accordion's root: `multiple` when several sections may be open. */
  accordion: 'data-accordion-mode',
} as const;

/** What a Log In / Sign Up button starts. */
export type AuthAction = 'log-in' | 'sign-up';
