// Side-effect module for DOM tests: jsdom (29 and 31 alike) does not know the HTML `<search>`
// element (jsdom/jsdom#3882) and creates it as an HTMLUnknownElement, so React warns "The tag
// <search> is unrecognized in this browser" for the panel's filter bar. Browsers create it with
// the HTMLElement interface; so does this, for elements React (document.createElement) makes.
// HTMLUnknownElement adds nothing to HTMLElement, so only the interface changes; every other
// unknown tag is still unknown, and React still warns about it.

/** Tags of the HTML standard that jsdom does not map to their interface yet. */
const HTML_ELEMENT_TAGS = new Set(['search']);
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

const { createElement } = Object.getOwnPropertyDescriptors(Document.prototype);
Object.defineProperty(Document.prototype, 'createElement', {
  ...createElement,
  value(this: Document, tagName: string, options?: ElementCreationOptions): HTMLElement {
    const element = (createElement?.value as Document['createElement']).call(
      this,
      tagName,
      options,
    );
    if (element.namespaceURI === HTML_NAMESPACE && HTML_ELEMENT_TAGS.has(element.localName))
      Object.setPrototypeOf(element, HTMLElement.prototype);
    return element;
  },
});
