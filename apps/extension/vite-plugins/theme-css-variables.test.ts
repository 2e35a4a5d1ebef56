import { MantineProvider } from '@mantine/core';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HtmlTagDescriptor, IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../src/ui/theme';
import { themeCssVariablesInHtml } from './theme-css-variables';

const root = resolve(import.meta.dirname, '..');

/** The plugin's tags for `file`, as Vite's HTML transform would ask for them. */
async function tagsFor(file: string): Promise<HtmlTagDescriptor[] | undefined> {
  const plugin = themeCssVariablesInHtml({
    page: 'sidepanel.html',
    themeModule: 'src/ui/theme.ts',
  });
  (plugin.configResolved as (config: { root: string }) => void)({ root });
  const transform = plugin.transformIndexHtml as {
    handler: (html: string, context: Partial<IndexHtmlTransformContext>) => Promise<unknown>;
  };
  const filename = resolve(root, file);
  return (await transform.handler(readFileSync(filename, 'utf8'), { filename })) as
    HtmlTagDescriptor[] | undefined;
}

describe('themeCssVariablesInHtml', () => {
  it("writes into the panel's page exactly the stylesheet Mantine's provider would insert", async () => {
    // What MantineCssVariables renders at runtime for the extension's theme and resolver.
    const atRuntime = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(
      renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver })),
    )?.[1];
    const tags = await tagsFor('sidepanel.html');
    expect(tags).toHaveLength(1);
    expect(tags?.[0]).toMatchObject({ tag: 'style', injectTo: 'head' });
    expect(tags?.[0]?.children).toBe(atRuntime);
    // Both schemes' overrides, switched by data-mantine-color-scheme as before.
    expect(atRuntime).toMatch(
      /:root\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-dimmed: #495057/,
    );
    expect(atRuntime).toMatch(
      /:root\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*--mantine-color-dimmed: #b8b8b8/,
    );
    expect(atRuntime).toContain(
      '--mantine-primary-color-filled: var(--mantine-color-waymark-filled)',
    );
  });

  it('leaves the other pages alone', async () => {
    expect(await tagsFor('options.html')).toBeUndefined();
  });
});
