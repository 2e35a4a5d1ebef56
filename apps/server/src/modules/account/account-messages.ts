// What the account deletion answers (issue 33); the portal and the provider's page show each
// text as it is, so a refusal says what to do next.

/** The answer once the account is gone (also to a repeated request for a gone account). */
export const ACCOUNT_DELETED = 'Your account has been deleted. We sent a confirmation e-mail.';

/** The password typed to confirm is not the account's. */
export const WRONG_PASSWORD =
  'That password is not correct. Enter your current password to delete your account.';

/** With an external issuer: the e-mail address typed to confirm is not the account's. */
export const WRONG_EMAIL =
  "That is not your account's e-mail address. Type it exactly to delete your account.";
