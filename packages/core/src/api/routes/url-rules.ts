import { z } from 'zod';
import { ZId } from '../../entities/ids';
import { ZRelativePathInput } from '../../entities/item-input';
import { ZText } from '../../entities/text';
import {
  ZKeptParams,
  ZUrlRules,
  ZUrlTemplate,
  ZUrlTemplateInput,
  ZUrlTemplatePreview,
} from '../../entities/url-rules';
import { defineRoute } from '../define-route';

/** URL rules of a project (issue 31): templates, kept query parameters, hash routes. */
export const urlRuleRoutes = {
  /** The project's URL rules; any member (the panel compiles them into the page's name). */
  getUrlRules: defineRoute({
    method: 'POST',
    path: '/api/project/getUrlRules',
    tokenScope: 'items:read',
    summary: "A project's URL templates, kept query parameters and hash-route switch.",
    tag: 'project',
    body: z.object({ projectId: ZId }),
    response: ZUrlRules,
  }),
  /** The known pages a template would absorb; 400 naming the problem when it cannot be saved. */
  previewUrlTemplate: defineRoute({
    method: 'POST',
    path: '/api/project/previewUrlTemplate',
    tokenScope: 'items:read',
    summary: 'The known pages (and item counts) a URL template would absorb.',
    tag: 'project',
    body: ZUrlTemplateInput,
    response: ZUrlTemplatePreview,
  }),
  /**
   * Saves a template (a member with write access, from the panel or the portal); the items of
   * the pages it absorbs move onto it, each remembering the page it was recorded on.
   */
  createUrlTemplate: defineRoute({
    method: 'POST',
    path: '/api/project/createUrlTemplate',
    summary: 'Saves a URL template and merges the items of the pages it absorbs.',
    tag: 'project',
    body: ZUrlTemplateInput.extend({ name: ZText.trim().max(100).nullish() }),
    response: ZUrlTemplate,
  }),
  /** Removes a template (admins): each of its items goes back to the page it was recorded on. */
  deleteUrlTemplate: defineRoute({
    method: 'POST',
    path: '/api/project/deleteUrlTemplate',
    summary: 'Removes a URL template, putting each item back on the page it was recorded on.',
    tag: 'project',
    body: z.object({ projectId: ZId, templateId: ZId }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** Sets the kept query parameters and the hash-route switch (admins); items follow. */
  setUrlRules: defineRoute({
    method: 'POST',
    path: '/api/project/setUrlRules',
    summary: 'Sets the kept query parameters and whether the site routes by fragment.',
    tag: 'project',
    body: z.object({ projectId: ZId, hashRoutes: z.boolean(), keptParams: ZKeptParams }),
    response: ZUrlRules,
  }),
  /**
   * Issue 31, canonical links: the page at `pageUrl` declares `<link rel=canonical>` naming
   * `canonicalUrl` on the same project; its path becomes an alias of the canonical page, so every
   * member and environment sees the canonical page's items there (a member with write access).
   */
  acceptCanonicalLink: defineRoute({
    method: 'POST',
    path: '/api/project/acceptCanonicalLink',
    summary: "Treats a page as the page its canonical link names (an alias of that page's path).",
    tag: 'project',
    body: z.object({
      projectId: ZId,
      pageUrl: ZText.trim().min(1, 'Give the page address.').max(2_000),
      canonicalUrl: ZText.trim().min(1, 'Give the canonical address.').max(2_000),
    }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** Removes an alias (an old address after a rename, or an accepted canonical link); admins. */
  deletePathAlias: defineRoute({
    method: 'POST',
    path: '/api/project/deletePathAlias',
    summary: 'Stops an address from showing another path (an old address or a canonical link).',
    tag: 'project',
    body: z.object({ projectId: ZId, path: ZRelativePathInput }),
    response: z.string(),
    responseKind: 'text',
  }),
};
