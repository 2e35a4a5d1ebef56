import type { Page } from '@playwright/test';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * Runs `work` under Chromium's sampling profiler (DevTools Protocol, works headless) and answers
 * the functions that took the most time themselves, heaviest first: where re-anchoring spends it.
 */
export async function profileTopFunctions(
  page: Page,
  work: () => Promise<unknown>,
  top = 25,
): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  await work();
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: Profile };
  await session.detach();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...selfMs.entries()]
    .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${key}`);
}
