import {
  AppError,
  BAD_ASSIGNEE,
  BAD_ITEM_STATUS,
  BAD_ITEM_TYPE,
  BAD_RELEASE,
  PROJECT_NOT_FOUND,
  type ErrorCode,
} from '@waymark/core';
import { missingReferenceKey } from '../db/constraint-violation';

/**
 * What a write answers when a row it names was deleted while it ran, by the foreign key that
 * found it gone (decision 0129): the answer its own check gives a row that does not exist. The
 * check had seen the row; a delete committed before the write's key could lock it.
 */
const ANSWERS: { key: (constraint: string) => boolean; code: ErrorCode; message: string }[] = [
  { key: (c) => c.endsWith('_projects_id_fk'), code: 'NOT_FOUND', message: PROJECT_NOT_FOUND },
  { key: (c) => c.endsWith('_item_statuses_id_fk'), code: 'BAD_REQUEST', message: BAD_ITEM_STATUS },
  {
    key: (c) => c === 'items_item_type_id_item_types_id_fk',
    code: 'BAD_REQUEST',
    message: BAD_ITEM_TYPE,
  },
  {
    key: (c) => c === 'items_release_id_releases_id_fk',
    code: 'BAD_REQUEST',
    message: BAD_RELEASE,
  },
  {
    key: (c) => c === 'items_assignee_user_id_users_id_fk',
    code: 'BAD_REQUEST',
    message: BAD_ASSIGNEE,
  },
];

/**
 * The answer to a row named by `error`'s violated foreign key that a concurrent delete removed,
 * or undefined: any other missing reference is a fault (a check missing), answered 500 (0127).
 */
export function answerToMissingReference(error: unknown): AppError | undefined {
  const constraint = missingReferenceKey(error);
  const found = constraint === null ? undefined : ANSWERS.find(({ key }) => key(constraint));
  return found && new AppError(found.code, found.message, { cause: error });
}
