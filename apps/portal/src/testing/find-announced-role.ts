import { waitFor } from '@testing-library/react';

/**
 * The live-region role that announces `text` — `status` for a success, `alert` for a failure
 * (spec §8 banners and toasts) — waiting for it to appear; fails when no region on screen says it.
 */
export async function findAnnouncedRole(text: string): Promise<string> {
  return waitFor(() => {
    const region = [...document.querySelectorAll('[role="status"], [role="alert"]')].find(
      (element) => element.textContent?.includes(text),
    );
    if (!region) throw new Error(`No status or alert region says "${text}"`);
    return region.getAttribute('role') ?? '';
  });
}
