import { readFileSync } from 'node:fs';
import { EXTENSION_ID, EXTENSION_REDIRECT_URI } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import manifest from '../manifest.json';

/** Chrome's rule: sha256 of the DER public key, first 32 hex digits, each 0-f written as a-p. */
async function computeExtensionId(base64Key: string): Promise<string> {
  const der = Uint8Array.from(atob(base64Key), (char) => char.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', der));
  const hex = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return [...hex.slice(0, 32)]
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 16)))
    .join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('manifest', () => {
  it('fixes the extension id the server registers (EXTENSION_ID) through its key', async () => {
    expect(await computeExtensionId(manifest.key)).toBe(EXTENSION_ID);
    expect(EXTENSION_REDIRECT_URI).toBe(`https://${EXTENSION_ID}.chromiumapp.org/`);
  });

  it.each([
    ['the README', new URL('../README.md', import.meta.url)],
    [
      'docs/extension-permissions.md',
      new URL('../../../docs/extension-permissions.md', import.meta.url),
    ],
  ])('justifies every permission it asks for in %s', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    for (const permission of [
      ...manifest.permissions,
      ...manifest.optional_permissions,
      ...manifest.optional_host_permissions,
    ]) {
      expect(text).toMatch(new RegExp(`^\\| \`${escapeRegExp(permission)}\` +\\|`, 'm'));
    }
  });

  it('leaves the version to package.json, the one place it is set (the build writes it)', () => {
    expect(manifest).not.toHaveProperty('version');
  });

  it('asks for no host access and injects nothing at install', () => {
    expect(manifest).not.toHaveProperty('host_permissions');
    expect(manifest).not.toHaveProperty('content_scripts');
    expect(manifest.permissions).not.toContain('<all_urls>');
  });

  it('asks for capture without the click (debugger) only at the moment of use, never at install', () => {
    expect(manifest.optional_permissions).toEqual(['debugger']);
    expect(manifest.permissions).not.toContain('debugger');
  });

  it('can ask for access to web sites only later, one site at a time', () => {
    expect(manifest.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
  });
});
