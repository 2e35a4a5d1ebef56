// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export { createMessageListener, type MessageHandler } from './create-message-listener';
export { type ActiveTab, type PageInfo, type SessionInfo } from './protocol';
export { broadcast, sendRequest } from './send-message';
