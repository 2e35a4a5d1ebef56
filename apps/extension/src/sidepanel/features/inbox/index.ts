// The public surface of the inbox feature (issue 27): the header's bell with the unread count and
// the list of notifications it opens. The app imports it from here only (eslint.config.js).
export { InboxButton } from './inbox-button';
export { preloadInbox } from './lazy-views';
