import { describe, expect, it } from 'vitest';
import {
  describeBrowser,
  describeEnvironment,
  describeOs,
  environmentToHtml,
  formatEnvironmentTime,
} from './page-environment';

const EDGE_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86';

describe('page environment', () => {
  it('names the browser brand over the engine and the GREASE brand', () => {
    const data = {
      fullVersionList: [
        { brand: 'Not)A;Brand', version: '99.0.0.0' },
        { brand: 'Chromium', version: '131.0.6778.86' },
        { brand: 'Microsoft Edge', version: '131.0.2903.86' },
      ],
    };
    expect(describeBrowser(data, '')).toBe('Microsoft Edge 131.0.2903.86');
    expect(
      describeBrowser({ fullVersionList: [{ brand: 'Chromium', version: '156.0.1' }] }, ''),
    ).toBe('Chromium 156.0.1');
  });

  it('falls back to the user-agent string without client hints', () => {
    expect(describeBrowser(null, EDGE_UA)).toBe('Microsoft Edge 131.0.2903.86');
    expect(describeOs(null, EDGE_UA)).toBe('Windows');
    expect(describeOs({ platform: 'macOS', platformVersion: '14.5.0' }, EDGE_UA)).toBe(
      'macOS 14.5.0',
    );
  });

  it('writes every field into a description section, escaped', () => {
    const environment = describeEnvironment({
      pageUrl: 'https://shop.example.com/pay?a=1&b=<2>',
      userAgentData: { platform: 'Linux', fullVersionList: [{ brand: 'Chromium', version: '1' }] },
      userAgent: '',
      viewport: { width: 1280, height: 720 },
      devicePixelRatio: 2,
      zoom: 1.25,
      language: 'de-CH',
      now: new Date('2026-11-23T10:41:00.000Z'),
    });
    expect(environmentToHtml(environment, { locale: 'en-US', timeZone: 'UTC' })).toBe(
      '<h4>Environment</h4><ul>' +
        '<li>Page: https://shop.example.com/pay?a=1&amp;b=&lt;2&gt;</li>' +
        '<li>Browser: Chromium 1</li>' +
        '<li>OS: Linux</li>' +
        '<li>Viewport: 1280 × 720</li>' +
        '<li>Device pixel ratio: 2</li>' +
        '<li>Zoom: 125 %</li>' +
        '<li>Page language: de-CH</li>' +
        '<li>Time: <time datetime="2026-11-23T10:41:00.000Z">Nov 23, 2026, 10:41:00 AM UTC</time></li></ul>',
    );
  });

  // Issue 32: the zoom changes what a screenshot shows; the language, which text the page shows.
  it('says when the zoom or the language could not be read, and when a page declares none', () => {
    const base = {
      pageUrl: 'https://shop.example.com/',
      userAgentData: null,
      userAgent: '',
      viewport: null,
      devicePixelRatio: 1,
      now: new Date(),
    };
    const unknown = describeEnvironment({ ...base, zoom: null, language: null });
    expect([unknown.zoom, unknown.language]).toEqual(['Unknown', 'Unknown']);
    const undeclared = describeEnvironment({ ...base, zoom: 0.9, language: '' });
    expect([undeclared.zoom, undeclared.language]).toEqual(['90 %', 'Not declared']);
  });

  // Issue 25: the section and the form showed the raw ISO string.
  it('writes the time for people and keeps a time the user typed over as their text', () => {
    expect(
      formatEnvironmentTime('2026-11-23T10:41:00.000Z', { locale: 'de-DE', timeZone: 'UTC' }),
    ).toBe('23.11.2026, 10:41:00 UTC');
    expect(formatEnvironmentTime('yesterday at noon')).toBeUndefined();
    const typed = {
      pageUrl: '',
      browser: '',
      os: '',
      viewport: '',
      devicePixelRatio: '',
      zoom: '',
      language: '',
    };
    expect(environmentToHtml({ ...typed, time: 'yesterday <noon>' })).toBe(
      '<h4>Environment</h4><ul><li>Time: yesterday &lt;noon&gt;</li></ul>',
    );
  });

  it('leaves out fields the user emptied, and the whole section when all are empty', () => {
    const empty = {
      pageUrl: '',
      browser: ' ',
      os: '',
      viewport: '',
      devicePixelRatio: '',
      zoom: '',
      language: '',
      time: '',
    };
    expect(environmentToHtml(empty)).toBe('');
    expect(environmentToHtml({ ...empty, os: 'Linux' })).toBe(
      '<h4>Environment</h4><ul><li>OS: Linux</li></ul>',
    );
  });
});
