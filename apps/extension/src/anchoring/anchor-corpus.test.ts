// @vitest-environment jsdom
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { anchorPin, createAnchorContext } from './anchor-pin';
import {
  BASE_VARIANT,
  CORPUS_TARGET_ATTRIBUTE,
  PAGE_VARIANTS,
  renderVariant,
  type PageVariant,
} from './corpus/page-variants';
import { describeElement } from './describe-element';
import { buildTextIndex } from './text-index';

// Issue 15 proof in jsdom: a pin made on the base page lands on the right element of every
// variant that keeps it, and is an orphan ("Needs re-pin") where it is gone — never elsewhere.

function load(variant: PageVariant): Document {
  return new JSDOM(renderVariant(variant), { runScripts: 'dangerously' }).window.document;
}

function targetOf(document: Document): Element | null {
  return document.querySelector(`[${CORPUS_TARGET_ATTRIBUTE}]`);
}

const base = load(BASE_VARIANT);
const pinned = targetOf(base);
if (!pinned) throw new Error('The base variant has no target');
const pin = describeElement(pinned);

describe('a pin made on the base page', () => {
  it('describes the element with every selector type, without classes or test markers', () => {
    expect(pin.selectors.map((selector) => selector.type)).toEqual([
      'CssSelector',
      'TextQuoteSelector',
      'TextPositionSelector',
      'RoleSelector',
      'BoxSelector',
    ]);
    const css = pin.selectors[0];
    expect(css?.type === 'CssSelector' && css.value).not.toMatch(/\.|data-corpus/);
    expect(pin.selectors).toContainEqual(
      expect.objectContaining({
        type: 'RoleSelector',
        role: 'button',
        name: 'Export monthly report',
      }),
    );
    expect(pin.label).toEqual({
      text: 'Export monthly report',
      path: 'main > section > div > button',
    });
  });

  it.each(PAGE_VARIANTS.map((variant) => [variant.name, variant] as const))(
    '%s: re-anchors as expected',
    (_name, variant) => {
      const document = load(variant);
      const result = anchorPin(createAnchorContext(document, buildTextIndex), pin.selectors);
      if (variant.expected === 'needs-re-pin') {
        expect(result.status).toBe('orphan');
        return;
      }
      expect(result.status).toBe('anchored');
      expect(result.status === 'anchored' && result.element).toBe(targetOf(document));
    },
  );
});
