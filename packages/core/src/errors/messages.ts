/**
 * Stock messages the server answers with from several modules (issue 10 §4: one place, so no
 * module borrows another's wording).
 */

/** spec §8: a save that succeeded, shown in the banner. */
export const SAVED_MESSAGE = 'Saved successfully';

/**
 * A project the caller cannot see, whether it exists or not; also a write that names a project
 * deleted while it ran (decision 0129).
 */
export const PROJECT_NOT_FOUND = 'Project not found.';

/** A call without a valid access token (401). */
export const SIGN_IN_MESSAGE = 'Sign in to continue.';
