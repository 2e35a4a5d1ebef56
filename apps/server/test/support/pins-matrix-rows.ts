import type { TPinAnchor } from '@waymark/core';
import type { MatrixRow } from './access-matrix';

// Issue 15: who may call the location pin routes (see access-matrix.ts for the rules). The pin
// row precedes the unpin row, so within each probe the unpin finds a pin to remove.

/** A well-formed pin of a page's Save button, as the extension sends it. */
export const PROBE_PIN: TPinAnchor = {
  selectors: [
    { type: 'CssSelector', value: '[data-testid="save"]' },
    { type: 'TextQuoteSelector', exact: 'Save', prefix: 'Your name ', suffix: ' Cancel' },
    { type: 'TextPositionSelector', start: 10, end: 14 },
    { type: 'RoleSelector', role: 'button', name: 'Save', tagName: 'button' },
    {
      type: 'BoxSelector',
      ...{ x: 10, y: 20, width: 80, height: 30, pageWidth: 1280, pageHeight: 2000 },
      ...{ viewportWidth: 1280, viewportHeight: 720 },
    },
  ],
  label: { text: 'Save', path: 'main > form > button' },
};

/** A page's pins, pinning an item, unpinning it. */
export const PIN_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/item/getPagePins/:relativePathId',
    who: 'projectMember',
    request: (ids) => ({ params: { relativePathId: ids.pathId } }),
  },
  {
    method: 'POST',
    path: '/api/item/pinItem',
    who: 'projectMember',
    request: (ids) => ({ body: { itemId: ids.otherItemId, ...PROBE_PIN } }),
  },
  {
    method: 'POST',
    path: '/api/item/unpinItem/:itemId',
    who: 'projectMember',
    request: (ids) => ({ params: { itemId: ids.otherItemId } }),
  },
];
