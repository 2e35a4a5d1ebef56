import {
  MantineProvider,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';
import { resolve } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { runnerImport, type Plugin } from 'vite';

/**
 * The stylesheet Mantine's provider would write into the page at its first render
 * (`MantineCssVariables`: the theme's colours, radius and primary colour, our resolver's light and
 * dark overrides), as Mantine itself renders it: the provider rendered to markup, its `<style>`'s
 * text taken. Selectors and values are Mantine's own, so `data-mantine-color-scheme` switches them
 * as before.
 */
export function renderThemeCssVariables(
  theme: MantineThemeOverride,
  cssVariablesResolver: CSSVariablesResolver,
): string {
  const markup = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, withGlobalClasses: false }),
  );
  const css = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(markup)?.[1];
  if (!css)
    throw new Error(`Mantine's provider rendered no CSS variables: ${markup.slice(0, 200)}`);
  return css;
}

/**
 * Writes the theme's CSS variables into the page's `<head>` at build time (issue 34, decision
 * 0109): the page then mounts Mantine's provider with `withCssVariables={false}`
 * (`mountPage`'s `cssVariablesInPage`), and its first render no longer merges the theme's
 * variables and inserts a stylesheet. `themeModule` exports `theme` and `cssVariablesResolver`;
 * it is loaded through Vite (it imports the workspace's TypeScript packages).
 */
export function themeCssVariablesInHtml({
  page,
  themeModule,
}: {
  /** The HTML file, relative to the build's root, that gets the stylesheet. */
  page: string;
  themeModule: string;
}): Plugin {
  let root = process.cwd();
  let css: Promise<string> | undefined;
  return {
    name: 'waymark:theme-css-variables-in-html',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context) {
        if (resolve(root, page) !== context.filename) return undefined;
        css ??= runnerImport<{
          theme: MantineThemeOverride;
          cssVariablesResolver: CSSVariablesResolver;
        }>(resolve(root, themeModule), { configFile: false, root, logLevel: 'error' }).then(
          ({ module }) => renderThemeCssVariables(module.theme, module.cssVariablesResolver),
        );
        return [
          {
            tag: 'style',
            attrs: { 'data-theme-variables': '' },
            children: await css,
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
