import { z } from 'zod';
import { KEPT_PARAM_NAME, KEPT_PARAMS_MAX, isTrackingParam } from '../url/query-params';
import { ZId } from './ids';
import { ZText } from './text';

/** A URL template of a project (issue 31), e.g. `/orders/:id` named "Order page". */
export const ZUrlTemplate = z.object({
  templateId: ZId,
  pattern: z.string(),
  name: z.string().nullable(),
});
/** A URL template of a project. */
export type TUrlTemplate = z.infer<typeof ZUrlTemplate>;

/** A project's URL rules: templates (most specific first), kept query parameters, hash routes. */
export const ZUrlRules = z.object({
  projectId: ZId,
  hashRoutes: z.boolean(),
  keptParams: z.array(z.string()),
  templates: z.array(ZUrlTemplate),
});
/** A project's URL rules. */
export type TUrlRules = z.infer<typeof ZUrlRules>;

/** A known page a template would absorb, with how many items would move. */
export const ZAbsorbedPath = z.object({ relativePath: z.string(), itemCount: z.number().int() });

/** What saving a template would do: its canonical pattern and the known pages it absorbs. */
export const ZUrlTemplatePreview = z.object({
  pattern: z.string(),
  paths: z.array(ZAbsorbedPath),
});
/** A template preview. */
export type TUrlTemplatePreview = z.infer<typeof ZUrlTemplatePreview>;

/** A template as typed; parsed (and refused with a message) by the server's parseTemplate. */
export const ZUrlTemplateInput = z.object({
  projectId: ZId,
  pattern: ZText.trim().min(1, 'Enter a template, e.g. /orders/:id.').max(500),
});

/** Kept query parameter names: trimmed, unique, no tracking parameter. */
export const ZKeptParams = z
  .array(
    ZText.trim()
      .regex(KEPT_PARAM_NAME, 'A parameter name is letters, digits, "_", "-", "." or "[]".')
      .refine((name) => !isTrackingParam(name), {
        message: 'Tracking parameters (utm_*, gclid, fbclid…) are always dropped.',
      }),
  )
  .max(KEPT_PARAMS_MAX, `Keep at most ${KEPT_PARAMS_MAX} parameters.`)
  .transform((names) => [...new Set(names)].sort());
