/** spec §8: some associated sites could not be saved. */
export const SITES_NOT_SAVED_MESSAGE = 'Some changes could not be saved. Please try again.';
/** spec §8: a save that succeeded without text of its own. */
export const SAVED_FALLBACK_MESSAGE = 'Saved successfully';
/** spec §5, §8: Delete Project without a selected project. */
export const SELECT_PROJECT_FIRST_MESSAGE = 'Please select a project first.';
/** spec §2 Associated Domains info dialog. */
export const DOMAINS_INFO =
  'Associated domains are the base addresses of the sites a project covers, such as https://www.example.com and https://staging.example.com. Items recorded on a page show on the same URL path of every associated domain, so one project can be shared across environments when their paths match.';
/** spec §2 URL Paths info dialog. */
export const PATHS_INFO =
  'URL paths are the pages of the project where items were recorded, such as /checkout. Rename a path when a page moves: its items move with it and show on the new path. Renaming onto a path that exists already merges the two. For best results each page of a site should have a unique URL path.';
