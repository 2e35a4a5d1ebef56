// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export {
  createMessageListener,
  type MessageHandler,
  type MessageHandlers,
} from './create-message-listener';
export {
  LIVE_PORT,
  type ActiveTab,
  type DrawnPin,
  type LivePortAnswer,
  type LivePortMessage,
  type LiveState,
  type MessageMap,
  type MessageType,
  type PageInfo,
  type PageCapture,
  type PageKey,
  type PageSnapshot,
  type PanelStart,
  type PinStatus,
  type RegionSelection,
  type SessionInfo,
} from './protocol';
export {
  ANNOTATION_CHANNEL,
  isAnnotationMessage,
  type AnnotationMessage,
} from './annotation-channel';
export {
  CAPTURE_NEEDS_ALLOWED_SITE,
  CAPTURE_NEEDS_CLICK,
  CAPTURE_NEEDS_PERMISSION,
  CAPTURE_PAGE_CLOSED_TO_EXTENSIONS,
  CAPTURE_TAB_GONE,
  PAGE_NEEDS_PERMISSION,
  RECORD_NEEDS_CLICK,
  RECORD_WEB_PAGES_ONLY,
} from './capture-refusals';
export {
  isRecordingMessage,
  MAX_RECORDING_MS,
  panelLockName,
  RECORDING_CHANNEL,
  type RecordingEnd,
  type RecordingMessage,
} from './recording-channel';
export { holdLivePort, LIVE_PING_MS } from './hold-live-port';
export { broadcast, sendRequest } from './send-message';
export { isExtensionPage } from './sender-guard';
export {
  connectPort,
  isTagged,
  servePort,
  toWorkerEnd,
  type PageEnd,
  type PortProtocol,
  type TypedPort,
  type WorkerEnd,
} from './typed-port';
