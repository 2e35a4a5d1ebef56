import './first-screen.css';
import type { PanelStart } from '../../messaging/index';
import { mountPage } from '../../ui/index';
import { holdFirstFetches, ReleaseFetchesAfterPaint } from './hold-first-fetches';
import { SidePanelApp } from './side-panel-app';
import {
  holdLazyViewsUntilPainted,
  LoadAllStylesAfterPaint,
} from '../shared/mantine-styles/all-mantine-styles';

/** Renders the side panel once the worker's start answer (or its absence) is known. */
export async function mountSidePanel(start: Promise<PanelStart | null>): Promise<void> {
  const answer = await start;
  holdFirstFetches();
  holdLazyViewsUntilPainted();
  mountPage(
    <>
      <SidePanelApp start={answer} />
      <ReleaseFetchesAfterPaint />
      <LoadAllStylesAfterPaint />
    </>,
    // sidepanel.html holds the theme's variables (vite.sidepanel.config.ts, decision 0109).
    { cssVariablesInPage: true },
  );
}
