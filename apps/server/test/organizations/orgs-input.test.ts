import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';

let t: AuthTestContext;
let as: { authorization: string };
beforeAll(async () => {
  t = await startAuthTestApp();
  as = await t.signIn();
  await t.call(as, { method: 'POST', url: '/api/account/createOrgExistingUser' });
});
afterAll(() => t.close());

type Probe = { method: 'GET' | 'POST'; url: string; payload?: string; contentType?: string };

const ODD_BODIES = [
  'null',
  '[]',
  '"text"',
  '{"orgId":1e400,"orgName":"x"}',
  '{"orgId":"1; drop table users","orgName":"x"}',
  '{',
  '{"orgId":{"$gt":0}}',
  '{"__proto__":{"x":1},"orgId":1,"orgName":"x"}',
];

const PROBES: Probe[] = [
  ...ODD_BODIES.flatMap((payload) => [
    {
      method: 'POST' as const,
      url: '/api/account/saveOrgName',
      payload,
      contentType: 'application/json',
    },
    {
      method: 'POST' as const,
      url: '/api/account/createOrgExistingUser',
      payload,
      contentType: 'application/json',
    },
  ]),
  {
    method: 'POST',
    url: '/api/account/saveOrgName',
    payload: 'orgId=1&orgName=x',
    contentType: 'application/x-www-form-urlencoded',
  },
  { method: 'POST', url: '/api/account/saveOrgName', payload: 'plain', contentType: 'text/plain' },
  { method: 'GET', url: '/api/account/getOrgStatus?orgId=1&orgId=2' },
  { method: 'GET', url: '/api/account/getOrgStatus?orgId[]=1' },
  { method: 'GET', url: `/api/account/getOrgStatus?orgId=${'9'.repeat(400)}` },
  { method: 'GET', url: '/api/account/acceptOrgAccess/%00' },
  { method: 'GET', url: '/api/account/acceptOrgAccess/%E0%A4%A' },
  { method: 'POST', url: '/api/account/dismissNotification/1%20or%201=1' },
  { method: 'POST', url: `/api/account/dismissNotification/${'1'.repeat(300)}` },
];

describe('no 500 for anything a client can send', () => {
  it.each(PROBES)('$method $url $payload → 4xx', async (probe) => {
    const response = await t.call(as, {
      method: probe.method,
      url: probe.url,
      ...(probe.payload !== undefined && { payload: probe.payload }),
      headers: probe.contentType ? { 'content-type': probe.contentType } : {},
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ statusCode: response.statusCode });
  });

  it('answers 401 to oversized or garbage Authorization headers', async () => {
    for (const authorization of [
      `Bearer ${'a'.repeat(20_000)}.b.c`,
      'Bearer a.b.c',
      'Bearer ...',
      '\u0000',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/account/getOrgs',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
