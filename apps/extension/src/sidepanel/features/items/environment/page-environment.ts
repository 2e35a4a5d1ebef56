// Issue 14: a Bug recorded from a page says where it was seen. Stored as an "Environment" section
// of the item's description (docs/attachments.md "Bug environment"), so every view shows it and
// it is edited like the rest of the description.

import { escapeHtml } from '@waymark/core';

/** Where a bug was seen; each value as the user may have corrected it. */
export type PageEnvironment = {
  pageUrl: string;
  browser: string;
  os: string;
  viewport: string;
  devicePixelRatio: string;
  zoom: string;
  language: string;
  time: string;
};

/** The labels of the fields, in the order the item shows them. */
export const ENVIRONMENT_LABELS: Record<keyof PageEnvironment, string> = {
  pageUrl: 'Page',
  browser: 'Browser',
  os: 'OS',
  viewport: 'Viewport',
  devicePixelRatio: 'Device pixel ratio',
  zoom: 'Zoom',
  language: 'Page language',
  time: 'Time',
};

/** What `navigator.userAgentData.getHighEntropyValues` answers (Chromium browsers). */
export type UserAgentData = {
  platform?: string;
  platformVersion?: string;
  fullVersionList?: { brand: string; version: string }[];
};

/** Brands Chromium lists that name no browser: GREASE entries and the engine itself. */
function isBrowserBrand(brand: string): boolean {
  return !/not.?a.?brand/i.test(brand) && brand !== 'Chromium';
}

/** "Microsoft Edge 131.0.2903.86", "Google Chrome 131.0.6778.86", or "Chromium 156.0…". */
export function describeBrowser(data: UserAgentData | null, userAgent: string): string {
  const brands = data?.fullVersionList ?? [];
  const named = brands.find((entry) => isBrowserBrand(entry.brand));
  const chromium = brands.find((entry) => entry.brand === 'Chromium');
  const pick = named ?? chromium;
  if (pick) return `${pick.brand} ${pick.version}`;
  // Edge and Opera also write "Chrome/…": their own token wins.
  for (const [token, name] of [
    ['Edg', 'Microsoft Edge'],
    ['OPR', 'Opera'],
    ['Chrome', 'Chrome'],
    ['Chromium', 'Chromium'],
  ] as const) {
    const version = new RegExp(`${token}/([\\d.]+)`).exec(userAgent)?.[1];
    if (version) return `${name} ${version}`;
  }
  return userAgent;
}

/** "Windows 15.0.0", "macOS 14.5.0", "Linux": the platform and, when known, its version. */
export function describeOs(data: UserAgentData | null, userAgent: string): string {
  if (data?.platform) {
    return data.platformVersion ? `${data.platform} ${data.platformVersion}` : data.platform;
  }
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Mac OS X/.test(userAgent)) return 'macOS';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Android/.test(userAgent)) return 'Android';
  if (/Linux/.test(userAgent)) return 'Linux';
  return 'Unknown';
}

/** Everything but the page's own numbers, from what the browser says about itself. */
export function describeEnvironment(input: {
  pageUrl: string;
  userAgentData: UserAgentData | null;
  userAgent: string;
  viewport: { width: number; height: number } | null;
  devicePixelRatio: number;
  /** The tab's zoom factor (`tabs.getZoom`), null when unknown. */
  zoom: number | null;
  /** The page's `<html lang>`, '' when it declares none, null when it could not be read. */
  language: string | null;
  now: Date;
}): PageEnvironment {
  return {
    pageUrl: input.pageUrl,
    browser: describeBrowser(input.userAgentData, input.userAgent),
    os: describeOs(input.userAgentData, input.userAgent),
    viewport: input.viewport ? `${input.viewport.width} × ${input.viewport.height}` : 'Unknown',
    devicePixelRatio: String(input.devicePixelRatio),
    zoom: input.zoom === null ? 'Unknown' : `${Math.round(input.zoom * 100)} %`,
    language: input.language === null ? 'Unknown' : input.language || 'Not declared',
    time: input.now.toISOString(),
  };
}

/** The heading the description's environment section starts with. */
export const ENVIRONMENT_HEADING = 'Environment';

/** How {@link formatEnvironmentTime} writes a time: the reader's locale unless given. */
export type TimeFormat = { locale?: string; timeZone?: string };

/**
 * The recorded time for people (issue 25: it showed the raw ISO string): the locale's date and
 * time with the time zone, since a bug is read by teammates elsewhere. Undefined for a value that
 * is not an ISO time.
 */
export function formatEnvironmentTime(iso: string, format: TimeFormat = {}): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== iso) return undefined;
  return date.toLocaleString(format.locale, {
    dateStyle: 'medium',
    timeStyle: 'long',
    timeZone: format.timeZone,
  });
}

/** A value of the section: the time as `<time datetime>` in words, anything else as text. */
function valueToHtml(key: keyof PageEnvironment, value: string, format: TimeFormat): string {
  const time = key === 'time' ? formatEnvironmentTime(value, format) : undefined;
  if (time === undefined) return escapeHtml(value);
  return `<time datetime="${escapeHtml(value)}">${escapeHtml(time)}</time>`;
}

/** The environment as a section of the description (tags the server's allow-list keeps). */
export function environmentToHtml(environment: PageEnvironment, format: TimeFormat = {}): string {
  const rows = (Object.keys(ENVIRONMENT_LABELS) as (keyof PageEnvironment)[])
    .filter((key) => environment[key].trim() !== '')
    .map(
      (key) =>
        `<li>${ENVIRONMENT_LABELS[key]}: ${valueToHtml(key, environment[key].trim(), format)}</li>`,
    );
  return rows.length ? `<h4>${ENVIRONMENT_HEADING}</h4><ul>${rows.join('')}</ul>` : '';
}
