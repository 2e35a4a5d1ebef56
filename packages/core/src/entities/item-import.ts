import { z } from 'zod';
import { ZId } from './ids';
import { ZWorkspaceItem } from './workspace';
import { ZText } from './text';

/** Largest CSV an import accepts, in characters (about bytes for most text). */
export const IMPORT_MAX_CHARS = 5_000_000;
/** Most data rows (after the header) one import reads. */
export const IMPORT_MAX_ROWS = 10_000;
/** Longest external id. */
export const IMPORT_EXTERNAL_ID_MAX_LENGTH = 200;

/** 413 for a file over {@link IMPORT_MAX_CHARS}. */
export const IMPORT_TOO_LARGE_MESSAGE = 'The file is larger than the 5 MB limit for imports.';
/** 400 for a file with more rows than {@link IMPORT_MAX_ROWS}. */
export const IMPORT_TOO_MANY_ROWS_MESSAGE = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`;

/**
 * A CSV import into a project (issue 28). `dryRun` answers what would happen row by row and
 * changes nothing; without it the rows without errors are imported in one transaction.
 */
export const ZImportItemsRequest = z.object({
  projectId: ZId,
  /** The file's text (UTF-8; a leading byte order mark is ignored). */
  csv: ZText.max(IMPORT_MAX_CHARS, IMPORT_TOO_LARGE_MESSAGE),
  dryRun: z.boolean(),
});
/** A CSV import request. */
export type TImportItemsRequest = z.input<typeof ZImportItemsRequest>;

/** What an import does (or would do, in a dry run) with one row. */
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refused'] as const;
/** What an import does with one row. */
export type TImportAction = (typeof IMPORT_ACTIONS)[number];

/** One row of the file and its outcome. */
export const ZImportRowResult = z.object({
  /** The row's line in the file as a spreadsheet numbers it: the header is 1, the first row 2. */
  row: z.number().int().min(2),
  action: z.enum(IMPORT_ACTIONS),
  /** The item created or updated; null when refused or created in a dry run. */
  itemId: ZId.nullable(),
  /** The row's title as read (may be empty on a refused row). */
  title: z.string(),
  /** Why the row is refused, one sentence per problem; empty otherwise. */
  errors: z.array(z.string()),
});
/** One row's outcome. */
export type TImportRowResult = z.infer<typeof ZImportRowResult>;

/** The answer of an import or a dry run: counts and every row's outcome, in file order. */
export const ZImportItemsResult = z.object({
  dryRun: z.boolean(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  rows: z.array(ZImportRowResult),
});
/** The answer of an import. */
export type TImportItemsResult = z.infer<typeof ZImportItemsResult>;

/**
 * An item as an export writes it: the workspace row plus what the import reads back — the
 * description (sanitised HTML) and the assignee's e-mail.
 */
export const ZExportItem = ZWorkspaceItem.extend({
  descriptionHtml: z.string(),
  assigneeEmail: z.string().nullable(),
});
/** An item as an export writes it. */
export type TExportItem = z.infer<typeof ZExportItem>;
