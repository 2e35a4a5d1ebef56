import type { Scenario } from './types';

/** The walking skeleton's own paths: a database round trip and the portal shell. */
export const skeletonScenario: Scenario = {
  name: 'skeleton',
  description:
    'Readiness (one database round trip) and the portal entry page, against the trivial GET /api/ping.',
  prepare: (serverUrl) =>
    Promise.resolve({
      baseline: { label: 'GET /api/ping (baseline)', url: `${serverUrl}/api/ping` },
      targets: [
        { label: 'GET /readyz', url: `${serverUrl}/readyz` },
        { label: 'GET /client/home/product-info', url: `${serverUrl}/client/home/product-info` },
      ],
    }),
};
