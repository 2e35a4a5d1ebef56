// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export {
  createMessageListener,
  type MessageHandler,
  type MessageHandlers,
} from './create-message-listener';
export {
  LIVE_PORT_NAME,
  type ActiveTab,
  type DrawnPin,
  type LivePortAnswer,
  type LivePortMessage,
  type LiveState,
  type MessageMap,
  type PageInfo,
  type PageKey,
  type PageSnapshot,
  type PanelStart,
  type PinStatus,
  type SessionInfo,
} from './protocol';
export { broadcast, sendRequest } from './send-message';
