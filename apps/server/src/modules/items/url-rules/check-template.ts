import {
  AppError,
  findTie,
  isTemplateError,
  parseTemplate,
  type PageRules,
  type ParsedTemplate,
} from '@waymark/core';

/** Most templates one project may have (the page lookup is measured with 200). */
export const URL_TEMPLATES_MAX = 500;

/**
 * Parses a template against the project's saved ones; a 400 names the problem: malformed, the
 * whole site ("/*"), or the saved template it would tie with (same pages, neither more specific).
 */
export function checkTemplate(pattern: string, rules: PageRules): ParsedTemplate {
  const parsed = parseTemplate(pattern);
  if (isTemplateError(parsed)) throw new AppError('BAD_REQUEST', parsed.message);
  const same = rules.templates.find((template) => template.pattern === parsed.pattern);
  if (same) throw new AppError('BAD_REQUEST', `The template ${parsed.pattern} already exists.`);
  const tie = findTie(parsed, rules.templates);
  if (tie)
    throw new AppError(
      'BAD_REQUEST',
      `${parsed.pattern} matches exactly the same pages as ${tie}; remove ${tie} first or change one of them.`,
    );
  if (rules.templates.length >= URL_TEMPLATES_MAX)
    throw new AppError('BAD_REQUEST', `A project has at most ${URL_TEMPLATES_MAX} templates.`);
  return parsed;
}
