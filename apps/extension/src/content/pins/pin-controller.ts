import type { TPinAnchor } from '@waymark/core';
import {
  anchorAll,
  buildTextIndex,
  createYieldToPage,
  describeElement,
} from '../../anchoring/index';
import type { DrawnPin, PinStatus } from '../../messaging/index';
import { pickElement } from './pick-element';
import { createPinOverlay, type Marker } from './pin-overlay';
import { watchPage } from './watch-page';

/** What the content script does with pins; the message handlers call it. */
export type PinController = {
  /** Re-anchors `pins`, draws their markers and answers where each was placed. */
  draw(pins: DrawnPin[]): Promise<PinStatus[]>;
  /** Pick mode; answers the chosen element's description, or null on Esc. */
  pick(): Promise<TPinAnchor | null>;
  /** Scrolls an item's element into view and highlights it; false when it is not placed. */
  reveal(itemId: number): boolean;
  /** Shows or hides the markers. */
  setVisible(isVisible: boolean): void;
};

/** Events the controller reports to the side panel. */
export type PinControllerEvents = {
  onMarkerClick(itemId: number): void;
  /** Pins placed or lost since the last answer, after a page change. */
  onStatusesChanged(statuses: PinStatus[]): void;
};

const sameStatuses = (a: PinStatus[], b: PinStatus[]) =>
  a.length === b.length && a.every((status, i) => status.status === b[i]?.status);

/**
 * The pins of one page: anchoring (in slices, see anchorAll), the overlay, and re-anchoring when
 * the page changes — lazy content, a client-side re-render, SPA navigation, scroll and resize.
 */
export function createPinController(view: Window, events: PinControllerEvents): PinController {
  const overlay = createPinOverlay(view, (itemId) => events.onMarkerClick(itemId));
  let pins: DrawnPin[] = [];
  let markers: Marker[] = [];
  let statuses: PinStatus[] = [];
  let pass = 0;
  // The path the pins were drawn for: pins belong to a page's path, so after a client-side
  // navigation they are dropped until the side panel draws the new path's pins.
  let drawnFor = view.location.pathname;

  async function anchorPins(): Promise<PinStatus[]> {
    const mine = ++pass;
    const results = await anchorAll(view.document, pins, {
      yieldToPage: createYieldToPage(view),
    });
    if (mine !== pass) return statuses; // a newer pass started meanwhile: its answer wins
    markers = results.flatMap(({ pin, result }) =>
      result.status === 'anchored'
        ? [{ itemId: pin.itemId, number: pin.number, element: result.element }]
        : [],
    );
    overlay.setMarkers(markers);
    statuses = results.map(({ pin, result }) => ({ itemId: pin.itemId, status: result.status }));
    return statuses;
  }

  watchPage(view, {
    onLayout: () => overlay.layout(),
    onContentChanged: () => {
      if (pins.length === 0) return;
      if (view.location.pathname !== drawnFor) {
        pass += 1; // a pass still running was for the old path
        pins = [];
        markers = [];
        statuses = [];
        overlay.setMarkers([]);
        return;
      }
      const before = statuses;
      void anchorPins().then((after) => {
        if (!sameStatuses(before, after)) events.onStatusesChanged(after);
      });
    },
    elements: () => markers.map((marker) => marker.element),
  });

  return {
    draw(next) {
      pins = next;
      drawnFor = view.location.pathname;
      return anchorPins();
    },
    async pick() {
      overlay.setVisible(false);
      try {
        const element = await pickElement(view, overlay.root);
        return element ? describeElement(element, buildTextIndex(view.document.body)) : null;
      } finally {
        overlay.setVisible(true);
      }
    },
    reveal(itemId) {
      const marker = markers.find((candidate) => candidate.itemId === itemId);
      if (!marker) {
        overlay.highlight(null);
        return false;
      }
      marker.element.scrollIntoView({ block: 'center', behavior: 'instant' });
      overlay.highlight(itemId);
      return true;
    },
    setVisible: (isVisible) => overlay.setVisible(isVisible),
  };
}
