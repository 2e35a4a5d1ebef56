import { describe, expect, it } from 'vitest';
import { orgAdmin, orgMember, readId, readText } from './access-rules';

describe('access rules', () => {
  it('declare where the organization id is read from', () => {
    expect(orgMember({ orgIdFrom: 'query.orgId' })).toEqual({
      kind: 'orgMember',
      orgIdFrom: 'query.orgId',
    });
    expect(orgAdmin({ orgIdFrom: 'body.orgId' })).toEqual({
      kind: 'orgAdmin',
      orgIdFrom: 'body.orgId',
    });
  });

  it('readId finds validated ids in params, query or body', () => {
    const request = { params: { orgId: 3 }, query: { orgId: 4 }, body: { orgId: 5 } };
    expect(readId(request, 'params.orgId')).toBe(3);
    expect(readId(request, 'query.orgId')).toBe(4);
    expect(readId(request, 'body.orgId')).toBe(5);
  });

  it('readId answers null for anything that is not a positive integer id', () => {
    for (const body of [
      undefined,
      null,
      {},
      { orgId: '5' },
      { orgId: 0 },
      { orgId: 1.5 },
      { orgId: -2 },
    ]) {
      expect(readId({ body }, 'body.orgId')).toBeNull();
    }
  });

  it('readText reads a card id from the path, and null for an empty or non-text value', () => {
    expect(readText({ params: { id: 'pm_123' } }, 'params.id')).toBe('pm_123');
    for (const params of [undefined, {}, { id: '' }, { id: 7 }])
      expect(readText({ params }, 'params.id')).toBeNull();
  });
});
