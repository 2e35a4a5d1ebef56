import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

// The landing page's demo video is recorded from this e2e flow (scripts/record-demo.mjs), so it
// always shows the real product. Without DEMO_FRAMES_DIR every call here does nothing.
const FRAMES_DIR = process.env.DEMO_FRAMES_DIR;

/** Whether this run records demo frames. */
export const isRecordingDemo = Boolean(FRAMES_DIR);

let frame = 0;

/**
 * Saves one demo frame: the site tab and the side panel side by side, with a caption.
 * Frames are listed in `frames.jsonl` in the order they were taken.
 */
export async function captureDemoFrame(site: Page, panel: Page, caption: string): Promise<void> {
  if (!FRAMES_DIR) return;
  mkdirSync(FRAMES_DIR, { recursive: true });
  frame += 1;
  const name = String(frame).padStart(2, '0');
  await site.screenshot({ path: join(FRAMES_DIR, `${name}-site.png`) });
  await panel.screenshot({ path: join(FRAMES_DIR, `${name}-panel.png`) });
  appendFileSync(join(FRAMES_DIR, 'frames.jsonl'), `${JSON.stringify({ name, caption })}\n`);
}
