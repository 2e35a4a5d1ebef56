// Driving the full-size screenshot editor (annotate.html, marker.js 3) from a test.
import type { Page } from '@playwright/test';

/** Screen position of the image the editor shows (inside marker.js's shadow root). */
export async function editorImageBox(editor: Page) {
  return editor.evaluate(() => {
    const root = document.querySelector('mjs-marker-area')?.shadowRoot;
    if (!root) throw new Error('No annotation editor');
    const boxes = Array.from(root.querySelectorAll('svg, img'), (element) =>
      element.getBoundingClientRect(),
    ).filter((box) => box.width > 100);
    const biggest = boxes.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (!biggest) throw new Error('The editor shows no image');
    return { x: biggest.x, y: biggest.y, width: biggest.width, height: biggest.height };
  });
}

/** The marker types drawn so far. */
export function markerTypes(editor: Page) {
  return editor.evaluate(() =>
    (
      document.querySelector('mjs-marker-area') as unknown as {
        getState(): { markers: { typeName: string }[] };
      }
    )
      .getState()
      .markers.map((marker) => marker.typeName),
  );
}

/** Drags across the editor's image between two points given as fractions of its size. */
export async function drag(
  editor: Page,
  box: { x: number; y: number; width: number; height: number },
  from: [number, number],
  to: [number, number],
) {
  await editor.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await editor.mouse.down();
  await editor.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 8 });
  await editor.mouse.up();
}
