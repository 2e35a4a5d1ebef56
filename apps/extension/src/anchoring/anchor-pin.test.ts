// @vitest-environment jsdom
import type { TPinSelector } from '@waymark/core';
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { anchorAll } from './anchor-all';
import { anchorPin, createAnchorContext } from './anchor-pin';
import { describeElement } from './describe-element';
import { buildTextIndex } from './text-index';

// jsdom has no CSS.escape, which @medv/finder calls for ids; the ids here need no escaping.
globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;

function page(html: string): Document {
  return new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
}

function anchor(document: Document, selectors: readonly TPinSelector[]) {
  return anchorPin(createAnchorContext(document, buildTextIndex), selectors);
}

const withCss = (selectors: readonly TPinSelector[], value: string): TPinSelector[] =>
  selectors.map((selector) =>
    selector.type === 'CssSelector' ? { ...selector, value } : selector,
  );

describe('anchorPin', () => {
  const before = page('<ul><li>Alpha plan</li><li id="b">Beta plan details</li></ul>');
  const pin = describeElement(before.getElementById('b')!);

  it('prefers a stable id for the CSS selector', () => {
    expect(pin.selectors[0]).toEqual({ type: 'CssSelector', value: '#b' });
  });

  it('refuses a CSS match whose text is not the pinned one, and finds the element by its text', () => {
    const after = page('<ul><li id="b">Alpha plan</li><li>New</li><li>Beta plan details</li></ul>');
    const result = anchor(after, pin.selectors);
    expect(result).toMatchObject({ status: 'anchored', method: 'quote' });
    expect(result.status === 'anchored' && result.element.textContent).toBe('Beta plan details');
  });

  it('verifies an unchanged page from the neighbouring text, without indexing the page', () => {
    const rows = '<li>Order 1</li><li>Order 2</li><li>Order 3</li>';
    const document = page(`<ul>${rows}</ul>`);
    const pinned = describeElement(document.querySelectorAll('li')[1]!);
    const buildIndex = vi.fn(buildTextIndex);
    const unchanged = anchorPin(createAnchorContext(document, buildIndex), pinned.selectors);
    expect(unchanged.status === 'anchored' && unchanged.element.textContent).toBe('Order 2');
    expect(buildIndex).not.toHaveBeenCalled();
    // A row inserted before it: the selector's match is refused and the index is built, once.
    const shifted = page(`<ul><li>Order 0</li>${rows}</ul>`);
    const result = anchorPin(createAnchorContext(shifted, buildIndex), pinned.selectors);
    expect(buildIndex).toHaveBeenCalledTimes(1);
    expect(result.status === 'anchored' && result.element.textContent).toBe('Order 2');
  });

  it('finds a button by role and accessible name when its selector no longer matches', () => {
    const document = page('<div><button aria-label="Close dialog">×</button></div>');
    const close = describeElement(document.querySelector('button')!);
    const after = page(
      '<section><span></span><button aria-label="Close dialog">×</button></section>',
    );
    const result = anchor(after, withCss(close.selectors, '#gone'));
    expect(result).toMatchObject({ status: 'anchored', method: 'role' });
  });

  it('answers orphan, not a guess, when two places match equally well', () => {
    const twin = page('<p>Terms apply</p>');
    const terms = describeElement(twin.querySelector('p')!);
    const after = page('<div><p>Terms apply</p></div><div><p>Terms apply</p></div>');
    const bare = withCss(terms.selectors, '#gone').map((selector) =>
      selector.type === 'TextQuoteSelector' ? { ...selector, prefix: '', suffix: '' } : selector,
    );
    expect(
      anchor(
        after,
        bare.filter((selector) => selector.type !== 'TextPositionSelector'),
      ),
    ).toEqual({
      status: 'orphan',
    });
  });

  it('never takes the next row of a list, whose label differs by a digit, for the pinned row', () => {
    const rows = (labels: number[]) =>
      page(
        `<ul>${labels.map((n) => `<li><span>Account ${n}</span><b>due</b></li>`).join('')}</ul>`,
      );
    const before = rows([1, 2, 3, 4, 5]);
    const third = describeElement(before.querySelectorAll('span')[2]!);
    const after = rows([0, 1, 2, 3, 4, 5]);
    const result = anchor(after, third.selectors);
    expect(result.status === 'anchored' && result.element.textContent).toBe('Account 3');
    expect(anchor(rows([0, 1, 2, 4, 5]), third.selectors)).toEqual({ status: 'orphan' });
  });

  it('answers orphan for a pin whose element and text are gone', () => {
    expect(anchor(page('<ul><li>Alpha plan</li></ul>'), pin.selectors)).toEqual({
      status: 'orphan',
    });
  });
});

describe('anchorAll', () => {
  it('yields to the page between slices and keeps every result in order', async () => {
    const document = page('<p id="a">One</p><p id="b">Two</p><p id="c">Three</p>');
    const pins = ['a', 'b', 'c'].map((id) => describeElement(document.getElementById(id)!));
    let clock = 0;
    let yields = 0;
    const results = await anchorAll(document, pins, {
      now: () => (clock += 5),
      yieldToPage: () => {
        yields += 1;
        return Promise.resolve();
      },
    });
    expect(results.map(({ result }) => result.status === 'anchored' && result.element.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(yields).toBeGreaterThan(0);
  });
});
