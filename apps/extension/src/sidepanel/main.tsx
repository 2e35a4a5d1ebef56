// Entry point of sidepanel.html. It asks the worker for what it holds first and pre-paints the
// kept item rows as plain DOM as soon as it answers, then loads the panel's code, whose React
// render takes over (docs/extension.md, "First paint").
import './app/prepaint/prepaint.css';
import { chromeApi } from '../platform/index';
import { requestPanelStart } from './shared/data/request-panel-start';
import { prepaintPanel } from './app/prepaint/prepaint-panel';
import { readListTop } from './shared/list-top';

/**
 * How long the panel's code waits for the worker's answer before loading anyway. Running that
 * code (~600 kB) holds the page's thread for tens of ms, and a warm worker's answer arriving then
 * waits for it: the code goes second when the answer is quick, and overlaps a slow (cold) one.
 */
const CODE_WAITS_FOR_START_MS = 80;

// The marks give the bench's panel-paint its breakdown (bench/scenarios/panel-paint.ts).
performance.mark('waymark:start-asked');
let listTop: number | null = null;
const start = requestPanelStart(chromeApi, window.location.search).then((answer) => {
  performance.mark('waymark:start-answered');
  const root = document.getElementById('root');
  if (root && prepaintPanel(root, answer, listTop)) performance.mark('waymark:prepainted');
  return answer;
});
// Only now the panel code's preload hints (kept inert in the page by vite-plugins/
// preload-panel-code.ts): fetched during the worker's answer, not ahead of the message.
const hints = document.getElementById('panel-code-hints');
if (hints instanceof HTMLTemplateElement) document.head.append(hints.content);
// A page's first localStorage read loads its storage from the browser, synchronously (4 ms in a
// trace): done while the worker answers, not in the pre-paint's task (decision 0116).
listTop = readListTop();
// After the frame that shows the pre-paint: the code's loading would hold that frame back.
const painted = start.then(
  async () => new Promise((done) => requestAnimationFrame(() => setTimeout(done))),
);
const waited = new Promise((done) => setTimeout(done, CODE_WAITS_FOR_START_MS));
void Promise.race([painted, waited])
  .then(async () => import('./app/mount-side-panel'))
  .then(({ mountSidePanel }) => {
    performance.mark('waymark:code-loaded');
    return mountSidePanel(start);
  });
