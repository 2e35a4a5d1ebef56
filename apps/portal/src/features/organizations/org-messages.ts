/** spec §8: the create-organization success toast. */
export const ORG_CREATED_MESSAGE = 'Organization created successfully.';

/** spec §8: the create-organization failure toast (the server answers the same text on a conflict). */
export const ORG_EXISTS_MESSAGE = 'You already have an organization. Please contact support.';

/** spec §8: the banner when the organization name could not be saved. */
export const ORG_NAME_SAVE_FAILED_MESSAGE = 'Error saving organization name.';

/** Shown when the organization name is left blank (core's ZOrgName says the same). */
export const ORG_NAME_REQUIRED_MESSAGE = 'Enter a name for your organization.';
