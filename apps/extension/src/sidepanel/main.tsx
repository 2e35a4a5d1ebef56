// Entry point of sidepanel.html. It asks the worker for what it holds first, and loads the
// panel's code meanwhile: the two overlap instead of following each other (docs/extension.md).
import { chromeApi } from '../platform/index';
import { requestPanelStart } from './data/request-panel-start';

// The marks give the bench's panel-paint its breakdown (bench/scenarios/panel-paint.ts).
const start = requestPanelStart(chromeApi, window.location.search).finally(() =>
  performance.mark('waymark:start-answered'),
);
void import('./mount-side-panel').then(({ mountSidePanel }) => {
  performance.mark('waymark:code-loaded');
  return mountSidePanel(start);
});
