// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export {
  chromeApi,
  type ChromeApi,
  type DevtoolsSend,
  type MessageListener,
  type PortLike,
  type TabInfo,
} from './chrome-api';
export { toOriginPattern } from './origin-pattern';
