import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const read = (url: URL | string) => readFileSync(url, 'utf8');
const resolve = createRequire(import.meta.url).resolve;
const FIRST_SCREEN = read(new URL('./first-screen.css', import.meta.url));
const PREPAINT = read(new URL('./prepaint/prepaint.css', import.meta.url));
const WHOLE = read(resolve('@mantine/core/styles.layer.css'));

/** The Mantine stylesheets a CSS file imports, in order. */
const importsOf = (css: string) =>
  [...css.matchAll(/@import '(@mantine\/core\/[^']+)';/g)].map(([, path]) => path!);

/** Where a Mantine stylesheet's first selector sits in the whole layered file. */
function positionInWhole(path: string): number {
  const selector = /\.m_[0-9a-f]+/.exec(read(resolve(path)))?.[0];
  return selector ? WHOLE.indexOf(selector) : -1;
}

describe('the side panel’s first-screen Mantine styles', () => {
  it('are all layered, so the whole stylesheet loaded later cannot override the panel’s CSS', () => {
    const imports = [...importsOf(PREPAINT), ...importsOf(FIRST_SCREEN)];
    expect(imports.length).toBeGreaterThan(10);
    for (const path of imports) {
      expect(path).toMatch(/\.layer\.css$/);
      expect(read(resolve(path))).toMatch(/^@layer mantine \{/);
    }
  });

  it('come in the whole stylesheet’s order, as Mantine requires of per-component files', () => {
    const positions = importsOf(FIRST_SCREEN).map(positionInWhole);
    expect(positions.every((at) => at > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
