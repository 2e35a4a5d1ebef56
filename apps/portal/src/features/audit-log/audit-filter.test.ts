import { describe, expect, it } from 'vitest';
import { EMPTY_AUDIT_FILTER, toAuditFilter } from './audit-filter';
import { auditActionLabel, describeChange } from './audit-labels';

describe('toAuditFilter', () => {
  it('leaves empty fields out', () => {
    expect(toAuditFilter(EMPTY_AUDIT_FILTER)).toEqual({});
    expect(toAuditFilter({ ...EMPTY_AUDIT_FILTER, target: '   ' })).toEqual({});
  });

  it('maps actor, action and target', () => {
    expect(
      toAuditFilter({
        ...EMPTY_AUDIT_FILTER,
        actorUserId: '42',
        action: 'member.invited',
        target: ' tess@ ',
      }),
    ).toEqual({ actorUserId: 42, actions: ['member.invited'], target: 'tess@' });
  });

  it('widens days to whole local days', () => {
    const filter = toAuditFilter({
      ...EMPTY_AUDIT_FILTER,
      fromDay: '2026-03-01',
      toDay: '2026-03-02',
    });
    expect(new Date(filter.from ?? '').getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(filter.to ?? '').getTime()).toBe(new Date(2026, 2, 3).getTime() - 1);
  });

  it('ignores a malformed day instead of sending it', () => {
    expect(toAuditFilter({ ...EMPTY_AUDIT_FILTER, fromDay: '01/03/2026' })).toEqual({});
  });
});

describe('audit labels', () => {
  it('names known actions and shows unknown ones as stored', () => {
    expect(auditActionLabel('member.left')).toBe('User left');
    expect(auditActionLabel('account.renamed')).toBe('account.renamed');
  });

  it('describes a change as key: value pairs', () => {
    expect(describeChange({ plan: 'Pro', projectIds: [1, 2] })).toBe(
      'plan: Pro, projectIds: [1,2]',
    );
    expect(describeChange(null)).toBe('');
  });
});
