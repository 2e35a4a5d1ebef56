// The public surface of the anchoring library (issue 15): pure DOM code that describes an element
// as a pin and finds it again. Used by the content script and the bench; see README.md.
export { anchorAll, createYieldToPage, SLICE_BUDGET_MS, type YieldToPage } from './anchor-all';
export { anchorPin, createAnchorContext, type AnchorMethod, type AnchorResult } from './anchor-pin';
export { describeElement } from './describe-element';
export { accessibleNameOf, textOf } from './element-facts';
export { buildTextIndex } from './text-index';
