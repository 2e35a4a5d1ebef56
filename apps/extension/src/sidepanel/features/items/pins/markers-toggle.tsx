import { Switch } from '@mantine/core';
import type { PagePins } from './use-page-pins';

/** One switch that shows or hides every pin marker on the page. */
export function MarkersToggle({ pins }: { pins: PagePins }) {
  if (!pins.isPageReachable) return null;
  return (
    <Switch
      size="xs"
      label="Show pins on the page"
      checked={pins.isMarkersVisible}
      onChange={(event) => pins.setMarkersVisible(event.currentTarget.checked)}
    />
  );
}
