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

/** An item's type that is not one of the organization's (or was deleted while the write ran). */
export const BAD_ITEM_TYPE = 'Choose an item type of this organization.';
/** An item's status that is not one of the organization's (or was deleted while the write ran). */
export const BAD_ITEM_STATUS = 'Choose a status of this organization.';
/** An item's release that is not one of the project's (or was deleted while the write ran). */
export const BAD_RELEASE = 'Choose a release of this project.';
/** An assignee who may not use the project (spec §6). */
export const BAD_ASSIGNEE = 'The assignee must be a member with access to this project.';

/** A call without a valid access token (401). */
export const SIGN_IN_MESSAGE = 'Sign in to continue.';
