import { describe, expect, it } from 'vitest';
import { isMissingReference, isTransientConflict, isUniqueViolation } from './constraint-violation';

// Drizzle wraps the driver's error as the cause of its own; both forms must be recognised.
const wrapped = (cause: object) => Object.assign(new Error('Failed query'), { cause });

describe('constraint violations', () => {
  it('recognises a unique violation of the named constraint only', () => {
    const error = wrapped({ code: '23505', constraint: 'users_email_key' });
    expect(isUniqueViolation(error, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(error, 'orgs_name_key')).toBe(false);
    expect(
      isUniqueViolation({ code: '23505', constraint: 'users_email_key' }, 'users_email_key'),
    ).toBe(true);
  });

  it('recognises a foreign key to a missing row of the named table only', () => {
    const toItems = { code: '23503', constraint: 'item_notes_item_id_items_id_fk' };
    expect(isMissingReference(wrapped(toItems), 'items')).toBe(true);
    expect(isMissingReference(toItems, 'items')).toBe(true);
    expect(
      isMissingReference(
        wrapped({ code: '23503', constraint: 'note_mentions_user_id_users_id_fk' }),
        'items',
      ),
    ).toBe(false);
    expect(isMissingReference(wrapped({ ...toItems, code: '23505' }), 'items')).toBe(false);
    expect(isMissingReference(new Error('no cause'), 'items')).toBe(false);
  });

  it('recognises a deadlock or a serialization failure, and nothing else, as transient', () => {
    for (const code of ['40P01', '40001']) {
      expect(isTransientConflict(wrapped({ code }))).toBe(true);
      expect(isTransientConflict({ code })).toBe(true);
    }
    for (const error of [wrapped({ code: '23503' }), wrapped({ code: '57014' }), 'text'])
      expect(isTransientConflict(error)).toBe(false);
  });
});
