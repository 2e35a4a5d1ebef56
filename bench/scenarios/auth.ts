import type { Scenario } from './types';

/** Issue 17: what checking a token and finding its caller costs. */
export const authScenario: Scenario = {
  name: 'auth',
  description:
    'The trivial authenticated GET /api/account/whoami (token check, caller, no other work) against the bare GET /api/ping: the cost of authentication.',
  prepare: async (serverUrl, context) => {
    const token = await context.signToken({ subject: 'bench-auth', email: 'auth@bench.test' });
    const first = await fetch(`${serverUrl}/api/account/whoami`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!first.ok) throw new Error(`whoami: ${first.status}`);
    return {
      baseline: { label: 'GET /api/ping (baseline)', url: `${serverUrl}/api/ping` },
      targets: [
        {
          label: 'GET /api/account/whoami',
          url: `${serverUrl}/api/account/whoami`,
          headers: { authorization: `Bearer ${token}` },
        },
      ],
      notes:
        'One user, one token (a real client reuses its access token until it expires). The token is verified once and then recognised by its hash until it expires; the caller comes from a cache that PostgreSQL LISTEN/NOTIFY invalidates (issue 17).',
    };
  },
};
