import { describe, expect, it } from 'vitest';
import { addAnalyticsTag, analyticsScriptSources } from './portal-analytics';
import { buildPortalCsp, inlineScriptHashes } from './portal-csp';

const PAGE = '<!doctype html><head><title>p</title></head><body></body>';
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('the analytics tag (issue 25)', () => {
  it('writes the Plausible and Umami tags with their site id, opening only their origin', () => {
    const plausible = {
      provider: 'plausible',
      scriptUrl: 'https://stats.example.com/js/script.js',
      siteId: 'waymark.example.com',
    } as const;
    expect(addAnalyticsTag(PAGE, plausible)).toContain(
      '<script defer data-domain="waymark.example.com" src="https://stats.example.com/js/script.js"></script></head>',
    );
    expect(analyticsScriptSources(plausible)).toEqual(['https://stats.example.com']);
    // A `$&` in the URL is text, not a replacement pattern that would splice the page in.
    const dollar = { ...plausible, scriptUrl: 'https://stats.example.com/s.js?v=$&' };
    expect(addAnalyticsTag(PAGE, dollar)).toContain(
      'src="https://stats.example.com/s.js?v=$&amp;"',
    );
    expect(addAnalyticsTag(PAGE, dollar).match(/<title>/g)).toHaveLength(1);
    const umami = {
      ...plausible,
      provider: 'umami',
      siteId: '94db1cb1-74f4-4a40-ad6c-962362670409',
    } as const;
    expect(addAnalyticsTag(PAGE, umami)).toContain(
      'data-website-id="94db1cb1-74f4-4a40-ad6c-962362670409"',
    );
  });

  it("loads Google's tag with its id, its inline setup allowed by hash, and Google's hosts", () => {
    const google = {
      provider: 'google',
      scriptUrl: 'https://www.googletagmanager.com/gtag/js',
      siteId: 'G-ABC123XYZ',
    } as const;
    const html = addAnalyticsTag(PAGE, google);
    expect(html).toContain(
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ"></script>',
    );
    expect(html).toContain(`gtag('config',"G-ABC123XYZ")`);
    const csp = buildPortalCsp({
      scriptHashes: inlineScriptHashes(html),
      analyticsScripts: analyticsScriptSources(google),
    });
    expect(directive(csp, 'script-src')).toEqual(
      expect.arrayContaining([...inlineScriptHashes(html), 'https://*.googletagmanager.com']),
    );
    expect(inlineScriptHashes(html)).toHaveLength(1);
  });
});
