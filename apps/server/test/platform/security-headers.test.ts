import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_CSP } from '../../src/http/security-headers';
import { IDP_CSP } from '../../src/modules/identity/index';
import { renderLogoutPage } from '../../src/modules/identity/views/provider-pages';
import { buildTestApp, type TestApp } from '../support/helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const headersOf = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).headers;

const sha256 = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const inlineScripts = (page: string) =>
  [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
/** The CSP as directive name → values (oidc-provider rewrites it without spaces after `;`). */
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it.each([
    ['an interaction screen (Fastify route)', '/idp/interaction/no-such-uid'],
    ['a page oidc-provider writes itself', '/idp/session/end'],
    ['provider JSON', '/idp/.well-known/openid-configuration'],
  ])('/idp: %s cannot be framed and runs only its own scripts', async (_name, url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    const csp = directives(String(response.headers['content-security-policy']));
    for (const [name, values] of directives(IDP_CSP)) {
      // oidc-provider adds the hash of an inline script it writes (its auto-submitting forms).
      if (name === 'script-src') expect(csp.get(name)?.slice(0, values.length)).toEqual(values);
      else expect(csp.get(name), name).toEqual(values);
    }
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    for (const script of inlineScripts(response.body))
      expect(csp.get('script-src')).toContain(sha256(script));
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    ['the portal', '/client/'],
    ['the API', '/api/ping'],
    ['an unknown path', '/no-such-page'],
  ])('%s cannot be framed and is never sniffed', async (_name, url) => {
    const headers = await headersOf(url);
    expect(headers['content-security-policy']).toBe(SITE_CSP);
    expect(SITE_CSP).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("allows the logout page's inline script by its hash, and no other", () => {
    const page = renderLogoutPage('<form id="op.logoutForm"></form>', {
      isConfirmedByClient: true,
    });
    const scripts = inlineScripts(page);
    expect(scripts).toHaveLength(1);
    expect(IDP_CSP.match(/'sha256-[^']+'/g)).toEqual(scripts.map(sha256));
  });
});
