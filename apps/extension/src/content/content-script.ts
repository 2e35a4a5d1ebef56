// Entry point of the content script (dist/content-script.js, one IIFE file). It is not declared
// in the manifest: the service worker injects it at run time (pins-relay.ts), only into pages of
// sites the user granted access to.
import { broadcast, createMessageListener } from '../messaging/index';
import { chromeApi } from '../platform/index';
import { selectRegion } from './capture/select-region';
import { getPageInfo } from './get-page-info';
import { createPinController } from './pins/pin-controller';

const toExtension = (message: unknown) => chromeApi.runtime.sendMessage(message);
const pins = createPinController(window, {
  onMarkerClick: (itemId) => void broadcast(toExtension, 'pinMarkerClicked', { itemId }),
  onStatusesChanged: (statuses) => void broadcast(toExtension, 'pinStatusesChanged', { statuses }),
});

chromeApi.runtime.addMessageListener(
  createMessageListener({
    getPageInfo: () => getPageInfo(window),
    drawPins: ({ pins: drawn, isMarkersVisible }) => {
      pins.setVisible(isMarkersVisible);
      return pins.draw(drawn);
    },
    pickElement: () => pins.pick(),
    revealPin: ({ itemId }) => pins.reveal(itemId),
    setMarkersVisible: ({ isVisible }) => pins.setVisible(isVisible),
    selectRegion: () => selectRegion(window),
  }),
);
