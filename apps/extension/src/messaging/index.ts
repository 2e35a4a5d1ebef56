// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export {
  createMessageListener,
  type MessageHandler,
  type MessageHandlers,
} from './create-message-listener';
export {
  type ActiveTab,
  type DrawnPin,
  type MessageMap,
  type PageInfo,
  type PinStatus,
  type SessionInfo,
} from './protocol';
export { broadcast, sendRequest } from './send-message';
