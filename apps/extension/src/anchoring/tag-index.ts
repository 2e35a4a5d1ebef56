import { normalizeText } from './text';
import { MAX_COMPARED_LENGTH } from './thresholds';

/** An element of a tag, with its text read once per pass. */
export type TagCandidate = {
  element: Element;
  /** Its raw textContent. */
  text: string;
  /** Whether it has an attribute an accessible name can come from besides its text. */
  isNamedOtherwise: boolean;
};

/** One tag's elements, split by how their accessible name can be found. */
type TagEntry = {
  /** Elements of text alone and no naming attribute, by their normalised text: their name. */
  byText: Map<string, TagCandidate[]>;
  /** The others: named by an attribute, or with child elements (hidden parts, images). */
  others: TagCandidate[];
};

/** Attributes an accessible name can come from besides the element's own text. */
const NAMING_ATTRIBUTES = ['aria-label', 'aria-labelledby', 'title', 'alt', 'placeholder', 'id'];

function readTag(document: Document, tagName: string): TagEntry {
  const entry: TagEntry = { byText: new Map(), others: [] };
  for (const element of document.getElementsByTagName(tagName)) {
    const candidate = {
      element,
      text: element.textContent ?? '',
      isNamedOtherwise: NAMING_ATTRIBUTES.some((name) => element.hasAttribute(name)),
    };
    if (candidate.isNamedOtherwise || element.childElementCount > 0) {
      entry.others.push(candidate);
      continue;
    }
    const name = normalizeText(candidate.text).slice(0, MAX_COMPARED_LENGTH);
    const same = entry.byText.get(name);
    if (same) same.push(candidate);
    else entry.byText.set(name, [candidate]);
  }
  return entry;
}

/**
 * The elements of a tag that may have accessible name `name`, without computing any name (the
 * accname algorithm is the costly part of a page scan): an element of text alone is named by
 * exactly that text; any other is kept when it has a naming attribute or its text holds the name.
 */
export type NamedCandidates = (tagName: string, name: string) => TagCandidate[];

/**
 * {@link NamedCandidates} over `document`, each tag read on first need and kept for the pass: the
 * role strategy of 200 pins would otherwise read the text of every link 200 times.
 */
export function createTagIndex(document: Document): NamedCandidates {
  const byTag = new Map<string, TagEntry>();
  return (tagName, name) => {
    let entry = byTag.get(tagName);
    if (!entry) {
      entry = readTag(document, tagName);
      byTag.set(tagName, entry);
    }
    // Raw text, not normalised: a name split by line breaks is left to the text search.
    const others = entry.others.filter(
      (candidate) => candidate.isNamedOtherwise || candidate.text.includes(name),
    );
    return [...(entry.byText.get(name) ?? []), ...others];
  };
}
