import type { TItemSummary } from '@waymark/core';
import type { PanelStart } from '../../../messaging/index';
import { formatOfflineNote } from '../../shared/data/format-kept-note';
import { describeItem } from '../../shared/item-row/describe-item';
import rowClasses from '../../shared/item-row/item-row.module.css';
import { ROW_ATTRIBUTE } from '../../shared/keyboard/move-focus';
import { isWebPage } from '../../shared/is-web-page';
import { readListTop } from '../../shared/list-top';
import classes from './prepaint.module.css';

/** Marks the pre-painted panel (tests and the bench tell it from the React panel by it). */
export const PREPAINT_ATTRIBUTE = 'data-prepaint';

/** The page's items the worker kept, when the panel would show exactly them first; else null. */
function keptItems(
  start: PanelStart,
): { items: TItemSummary[]; isOffline: boolean; updatedAt: number } | null {
  const kept = start.snapshot?.value;
  if (!start.session.signedIn || !start.tab || !isWebPage(start.tab.url) || !kept) return null;
  const { page, isOffline, updatedAt } = kept;
  if (page.projectId === null || page.relativePath === null || page.items.length === 0) return null;
  return { items: page.items, isOffline, updatedAt };
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const made = Object.assign(document.createElement(tag), props);
  made.append(...children);
  return made;
}

const SVG = 'http://www.w3.org/2000/svg';

/** Tabler's "dots", as the row menu button draws it (IconDots, 16 px), without React. */
function dotsIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    width: '16',
    height: '16',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  }))
    svg.setAttribute(name, value);
  for (const x of [4, 11, 18]) {
    const dot = document.createElementNS(SVG, 'path');
    dot.setAttribute('d', `M${x} 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0`);
    svg.append(dot);
  }
  return svg;
}

/** One row as `ItemRow` renders it (items/list/item-row.tsx), with its menu button's dots. */
function prepaintRow(item: TItemSummary): HTMLLIElement {
  const open = element(
    'button',
    { type: 'button', className: `${rowClasses.open} mantine-focus-auto`, title: item.title },
    element('span', { className: rowClasses.title }, item.title),
    element('span', { className: rowClasses.facts }, describeItem(item, false)),
  );
  open.setAttribute('aria-label', item.title);
  open.setAttribute(ROW_ATTRIBUTE, String(item.itemId));
  const menu = element('span', { className: rowClasses.menuButton }, dotsIcon());
  menu.setAttribute('aria-hidden', 'true');
  return element('li', { className: rowClasses.row }, open, menu);
}

/**
 * Paints the panel's header and the page's kept item rows into `root` as plain DOM, straight
 * from the worker's start answer, while React and Mantine still load (docs/extension.md, "First
 * paint"). Inert and busy until React's first render replaces `root`'s content: nothing in it
 * can be clicked or focused, and the pointer says the panel is still starting. Answers whether
 * it painted: nothing without kept items for a signed-in user's web page (the panel then loads
 * as it would without).
 */
export function prepaintPanel(
  root: HTMLElement,
  start: PanelStart | null,
  /** Where the list started last time: the entry reads it while the worker answers. */
  listTop: number | null = readListTop(),
): boolean {
  const kept = start && keptItems(start);
  if (!kept) return false;
  // What Mantine's provider sets for defaultColorScheme="auto" (its ColorSchemeScript does too).
  document.documentElement.dataset.mantineColorScheme = matchMedia('(prefers-color-scheme: dark)')
    .matches
    ? 'dark'
    : 'light';
  const icon = element('img', { src: '/icons/icon-32.png', alt: '', width: 20, height: 20 });
  const list = element('ul', { className: classes.list }, ...kept.items.map(prepaintRow));
  list.setAttribute('aria-label', 'Items on this page');
  const panel = element(
    'div',
    { className: classes.panel, inert: true },
    element('header', { className: classes.header }, icon, element('h1', {}, 'Waymark')),
    ...(kept.isOffline
      ? [element('p', { className: classes.note }, formatOfflineNote(kept.updatedAt))]
      : []),
    list,
  );
  panel.setAttribute(PREPAINT_ATTRIBUTE, '');
  panel.setAttribute('aria-busy', 'true');
  root.replaceChildren(panel);
  const top = list.getBoundingClientRect().top;
  if (listTop !== null && listTop > top) list.style.marginTop = `${listTop - top}px`;
  return true;
}
