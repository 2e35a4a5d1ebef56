import { ORG_CREATED_MESSAGE, ORG_EXISTS_MESSAGE } from '@waymark/core';
/** spec §8: the create-organization success toast. */
export { ORG_CREATED_MESSAGE, ORG_EXISTS_MESSAGE };

/** spec §8: the create-organization failure toast (the server answers the same text on a conflict). */

/** spec §8: the banner when the organization name could not be saved. */
export const ORG_NAME_SAVE_FAILED_MESSAGE = 'Error saving organization name.';

/** Shown when the organization name is left blank (core's ZOrgName says the same). */
export const ORG_NAME_REQUIRED_MESSAGE = 'Enter a name for your organization.';
