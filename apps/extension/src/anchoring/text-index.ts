/** Elements whose text is not page content. */
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/** One text node's place in the index. */
type TextSpan = { node: Text; start: number; end: number };

/**
 * The page's visible text, white space collapsed, with where each text node starts in it: what
 * TextPositionSelector offsets count and where the fuzzy search looks (built once per pass).
 */
export type TextIndex = {
  /** The page's text: every text node in document order, white space runs collapsed to one. */
  text: string;
  /** Where the text of `element` starts in {@link TextIndex.text}; null when it has none. */
  startOf(element: Element): number | null;
  /** The text node that holds `offset`, or null past the end. */
  nodeAt(offset: number): Text | null;
};

/** Whether a text node is page content (not a script's or a style's source). */
export function isContentText(node: Node): boolean {
  return !(node.parentElement && SKIPPED_TAGS.has(node.parentElement.tagName));
}

/** Builds the {@link TextIndex} of `root`'s text. */
export function buildTextIndex(root: Element): TextIndex {
  const spans: TextSpan[] = [];
  const parts: string[] = [];
  let length = 0;
  let lastWasSpace = true;
  // No acceptNode filter: calling back into script for every node costs more than the walk.
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!isContentText(node)) continue;
    let collapsed = (node as Text).data.replace(/\s+/g, ' ');
    if (lastWasSpace && collapsed.startsWith(' ')) collapsed = collapsed.slice(1);
    if (collapsed.length === 0) continue;
    spans.push({ node: node as Text, start: length, end: length + collapsed.length });
    parts.push(collapsed);
    length += collapsed.length;
    lastWasSpace = collapsed.endsWith(' ');
  }
  const text = parts.join('');
  const spanOf = new Map(spans.map((span) => [span.node, span]));
  return {
    text,
    startOf(element) {
      const inner = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = inner.nextNode(); node; node = inner.nextNode()) {
        const span = spanOf.get(node as Text);
        if (span) return span.start + (text[span.start] === ' ' ? 1 : 0);
      }
      return null;
    },
    nodeAt(offset) {
      let low = 0;
      let high = spans.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const span = spans[middle];
        if (!span) return null;
        if (offset < span.start) high = middle - 1;
        else if (offset >= span.end) low = middle + 1;
        else return span.node;
      }
      return null;
    },
  };
}
