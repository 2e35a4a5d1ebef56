// Pages of the pin corpus that change after they load (issue 15: markers follow lazy content and
// SPA navigation). Served by site-server.ts at PIN_PAGE_PATH when a test "deploys" them.
import {
  BASE_VARIANT,
  renderVariant,
  type PageVariant,
} from '../../apps/extension/src/anchoring/corpus/page-variants';

/** Where the client-side router of the SPA variant goes, and the button that page has. */
export const SPA_SETTINGS_PATH = '/pins/settings';

/** Milliseconds after load before the lazy variant renders the pinned element. */
export const LAZY_DELAY_MS = 1500;

/** A page variant rendered from a script: its body runs `script` after the base page's markup. */
function scripted(name: string, change: string, script: string): PageVariant {
  return {
    name,
    change,
    expected: 'anchored',
    body: `<div id="app"></div><script>const BASE = ${JSON.stringify(BASE_VARIANT.body)};\n${script}</script>`,
  };
}

/** The base page, its body rendered only after {@link LAZY_DELAY_MS}: lazy content. */
const LAZY_VARIANT = scripted(
  'lazy',
  'the page renders its content late, as after a slow fetch',
  `setTimeout(() => { document.getElementById('app').innerHTML = BASE; }, ${LAZY_DELAY_MS});`,
);

/**
 * A single-page app on two paths: the base page at PIN_PAGE_PATH and a settings page at
 * {@link SPA_SETTINGS_PATH}; its links change the path with history.pushState, Back with popstate.
 */
const SPA_VARIANT = scripted(
  'spa',
  'a client-side router switches between two paths',
  `const settings = '<main><h1>Notification settings</h1><p>Who hears about new reports.</p>'
    + '<button>Save notification settings</button></main>';
  const render = () => {
    const isSettings = location.pathname === ${JSON.stringify(SPA_SETTINGS_PATH)};
    document.getElementById('app').innerHTML =
      '<nav><a href="/pins/report" data-route>Report page</a> <a href="${SPA_SETTINGS_PATH}" data-route>Settings page</a></nav>'
      + (isSettings ? settings : BASE);
  };
  document.addEventListener('click', (event) => {
    const link = event.target.closest('a[data-route]');
    if (!link) return;
    event.preventDefault();
    history.pushState(null, '', link.getAttribute('href'));
    render();
  });
  addEventListener('popstate', render);
  render();`,
);

/** The variants of this file, by name. */
export const LIVE_VARIANTS: readonly PageVariant[] = [LAZY_VARIANT, SPA_VARIANT];

/** The page of a live variant, or undefined when `name` is not one. */
export function renderLiveVariant(name: string): string | undefined {
  const variant = LIVE_VARIANTS.find((candidate) => candidate.name === name);
  return variant && renderVariant(variant);
}
