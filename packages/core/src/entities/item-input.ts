import { z } from 'zod';
import { normalizePath } from '../url/normalize-url';
import { ZId } from './ids';
import { ZText } from './text';

/** Longest item title. */
export const ITEM_TITLE_MAX_LENGTH = 200;
/** Longest item description, in characters of HTML. */
export const ITEM_DESCRIPTION_MAX_LENGTH = 50_000;
/** Most tags on one item, and the longest tag. */
export const ITEM_TAGS_MAX = 20;
/** Longest tag. */
export const ITEM_TAG_MAX_LENGTH = 40;
/** Most external URLs on one item. */
export const ITEM_EXTERNAL_URLS_MAX = 20;
/** Longest note. */
export const ITEM_NOTE_MAX_LENGTH = 5_000;

/** A title: trimmed, 1–200 characters. */
export const ZItemTitle = ZText.trim()
  .min(1, 'Enter a title.')
  .max(ITEM_TITLE_MAX_LENGTH, `Use at most ${ITEM_TITLE_MAX_LENGTH} characters for the title.`);

/** Tags: each trimmed, blanks dropped, duplicates (ignoring case) dropped, at most 20 of 40 chars. */
export const ZItemTags = z
  .array(
    ZText.trim().max(ITEM_TAG_MAX_LENGTH, `Use at most ${ITEM_TAG_MAX_LENGTH} characters per tag.`),
  )
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLowerCase();
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(z.array(z.string()).max(ITEM_TAGS_MAX, `Use at most ${ITEM_TAGS_MAX} tags.`));

/** An external URL: an absolute http(s) address. */
export const ZExternalUrl = ZText.trim()
  .max(2_000)
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), {
    message: 'External links must be http:// or https:// addresses.',
  });

/** A relative path as the extension sends it; normalised like every page path. */
export const ZRelativePathInput = ZText.trim()
  .min(1, 'Enter a path.')
  .max(2_000)
  .refine((value) => value.startsWith('/'), { message: 'A path starts with "/".' })
  .transform(normalizePath);

/** External URLs of an item: http(s) only, duplicates dropped, at most 20. */
export const ZExternalUrls = z
  .array(ZExternalUrl)
  .max(ITEM_EXTERNAL_URLS_MAX, `Use at most ${ITEM_EXTERNAL_URLS_MAX} links.`)
  .transform((urls) => [...new Set(urls)]);

/** Rich-text description; sanitised on the server with an allow-list. */
export const ZItemDescription = ZText.max(ITEM_DESCRIPTION_MAX_LENGTH);

/** The editable fields of an item (no defaults: an update sends only what changes). */
export const ZItemFields = z.object({
  itemTypeId: ZId,
  itemStatusId: ZId,
  title: ZItemTitle,
  descriptionHtml: ZItemDescription,
  tags: ZItemTags,
  assigneeUserId: ZId.nullable(),
  releaseId: ZId.nullable(),
  externalUrls: ZExternalUrls,
});

/** Creates an item on a page of a project; the path is created when it does not exist yet. */
export const ZCreateItemRequest = ZItemFields.extend({
  projectId: ZId,
  relativePath: ZRelativePathInput,
  descriptionHtml: ZItemDescription.default(''),
  tags: ZItemTags.default([]),
  assigneeUserId: ZId.nullable().default(null),
  releaseId: ZId.nullable().default(null),
  externalUrls: ZExternalUrls.default([]),
});
/** Creates an item. */
export type TCreateItemRequest = z.input<typeof ZCreateItemRequest>;

/** Changes some fields of an item; every changed field is written to its history. */
export const ZUpdateItemRequest = ZItemFields.partial().extend({ itemId: ZId });
/** Changes some fields of an item. */
export type TUpdateItemRequest = z.input<typeof ZUpdateItemRequest>;

/** Searches a project's items: title or tag substring, plus exact filters. */
export const ZSearchItemsRequest = z.object({
  projectId: ZId,
  text: ZText.trim().max(200).optional(),
  itemTypeId: ZId.optional(),
  itemStatusId: ZId.optional(),
  tag: ZText.trim().max(ITEM_TAG_MAX_LENGTH).optional(),
  releaseId: ZId.optional(),
  assigneeUserId: ZId.optional(),
});
/** Searches a project's items. */
export type TSearchItemsRequest = z.input<typeof ZSearchItemsRequest>;
