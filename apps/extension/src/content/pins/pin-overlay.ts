import { OVERLAY_CSS } from './overlay-style';

/** A marker to draw: an anchored pin's element and the number it shows. */
export type Marker = { itemId: number; number: number; element: Element };

/** The overlay: markers, the highlight of a selected item, and pick mode's outline. */
export type PinOverlay = {
  /** The shadow root everything is drawn in (pick mode adds its layer here). */
  root: ShadowRoot;
  /** Replaces the markers. */
  setMarkers(markers: readonly Marker[]): void;
  /** Shows or hides every marker (the side panel's toggle). */
  setVisible(isVisible: boolean): void;
  /** Outlines one item's element until another is highlighted; null clears. */
  highlight(itemId: number | null): void;
  /** Moves markers and highlight to where their elements are now. */
  layout(): void;
};

const HOST_TAG = 'waymark-pins';
const MARKER_SIZE = 22;

/**
 * Creates the overlay in a shadow root on `<html>` (outside `<body>`, so page scripts that
 * re-render the body leave it alone and the body's observer never sees it). Open mode: it holds
 * only numbers, and end-to-end tests read it.
 */
export function createPinOverlay(
  view: Window,
  onMarkerClick: (itemId: number) => void,
): PinOverlay {
  const doc = view.document;
  doc.querySelector(HOST_TAG)?.remove();
  const host = doc.createElement(HOST_TAG);
  host.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647;';
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = OVERLAY_CSS;
  const layer = doc.createElement('div');
  layer.className = 'layer';
  const highlightBox = doc.createElement('div');
  highlightBox.className = 'highlight';
  highlightBox.hidden = true;
  root.append(style, layer, highlightBox);
  doc.documentElement.append(host);

  let drawn: { marker: Marker; button: HTMLButtonElement }[] = [];
  let highlighted: number | null = null;

  const place = (box: HTMLElement, rect: DOMRect) => {
    Object.assign(box.style, {
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    });
  };

  const overlay: PinOverlay = {
    root,
    setMarkers(markers) {
      layer.replaceChildren();
      drawn = markers.map((marker) => {
        const button = doc.createElement('button');
        button.type = 'button';
        button.className = 'marker';
        button.textContent = String(marker.number);
        button.dataset.itemId = String(marker.itemId);
        button.setAttribute('aria-label', `Waymark pin ${marker.number}: open its item`);
        button.addEventListener('click', (event) => {
          event.stopPropagation();
          onMarkerClick(marker.itemId);
        });
        layer.append(button);
        return { marker, button };
      });
      overlay.layout();
    },
    setVisible(isVisible) {
      layer.hidden = !isVisible;
    },
    highlight(itemId) {
      highlighted = itemId;
      overlay.layout();
    },
    layout() {
      for (const { marker, button } of drawn) {
        const rect = marker.element.getBoundingClientRect();
        const isShown = marker.element.isConnected && (rect.width > 0 || rect.height > 0);
        button.hidden = !isShown;
        // Top-right corner of the element, kept inside the viewport.
        const left = Math.min(
          Math.max(0, rect.right - MARKER_SIZE / 2),
          view.innerWidth - MARKER_SIZE,
        );
        button.style.left = `${left}px`;
        button.style.top = `${Math.max(0, rect.top - MARKER_SIZE / 2)}px`;
      }
      const target = drawn.find(({ marker }) => marker.itemId === highlighted)?.marker.element;
      highlightBox.hidden = !target?.isConnected;
      if (target) place(highlightBox, target.getBoundingClientRect());
    },
  };
  return overlay;
}
