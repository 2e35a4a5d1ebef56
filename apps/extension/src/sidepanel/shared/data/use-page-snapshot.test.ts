import type { TPageItems } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import type { PageSnapshot } from '../../../messaging/index';
import { fresher } from './use-page-snapshot';

const snapshot = (updatedAt: number, isOffline = false): PageSnapshot => ({
  page: { projectId: updatedAt } as unknown as TPageItems,
  updatedAt,
  isOffline,
});

describe('fresher', () => {
  it('keeps a pushed answer over a lookup asked before it that came back later', () => {
    const pushedAfterEdit = snapshot(200);
    expect(fresher(pushedAfterEdit, snapshot(100))).toBe(pushedAfterEdit);
  });

  it('takes an answer asked for later, and the first answer of all', () => {
    const later = snapshot(300);
    expect(fresher(snapshot(200), later)).toBe(later);
    expect(fresher(undefined, later)).toBe(later);
  });

  it('lets an offline answer through so the panel says it is offline, and leaves offline for online', () => {
    const offline = snapshot(50, true);
    expect(fresher(snapshot(200), offline)).toBe(offline);
    const online = snapshot(40);
    expect(fresher(offline, online)).toBe(online);
  });
});
