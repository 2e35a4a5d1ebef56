import type { Scenario } from './types';

/** The Accept-Encoding Chromium sends with a page request. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The walking skeleton's own paths: a database round trip and the portal shell. */
export const skeletonScenario: Scenario = {
  name: 'skeleton',
  description:
    'Readiness (one database round trip) and a public portal page (without Accept-Encoding: 44 kB of HTML; as a browser asks: its Brotli copy), against the trivial GET /api/ping.',
  prepare: (serverUrl) =>
    Promise.resolve({
      baseline: { label: 'GET /api/ping (baseline)', url: `${serverUrl}/api/ping` },
      targets: [
        { label: 'GET /readyz', url: `${serverUrl}/readyz` },
        { label: 'GET /client/home/product-info', url: `${serverUrl}/client/home/product-info` },
        // What a browser asks for (Chromium's header): the Brotli copy, as visitors get it.
        {
          label: 'GET /client/home/product-info, br',
          url: `${serverUrl}/client/home/product-info`,
          headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        },
      ],
      notes:
        'Read the page against the ping from the wrk rows when wrk ran: autocannon keeps each response body as a string (UTF-8-decoding the Brotli bytes), about 40 µs of its own CPU per page response against 15 for the ping, on the cores the server shares, so its ratio measures autocannon (issue 34, decision 0076).',
    }),
};
