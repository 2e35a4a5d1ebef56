import type { TNotification } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import {
  hasInvitation,
  isOrgNameMissing,
  nextNotification,
  notificationAction,
  notificationButtonLabel,
} from './notification-actions';

const notification = (notificationInfoId: number, notificationTemplateId = 5): TNotification => ({
  notificationInfoId,
  notificationTemplateId,
  notificationDescription: '<p>Hi</p>',
  notificationOrgId: 3,
});

describe('notification templates (spec §4 Notifications)', () => {
  it.each([5, 2, 6, 1])('template %i is dismissed with Okay', (templateId) => {
    expect(notificationAction(templateId)).toBe('dismiss');
    expect(notificationButtonLabel(templateId)).toBe('Okay');
  });

  it('template 4 accepts organization access with Accept', () => {
    expect(notificationAction(4)).toBe('accept');
    expect(notificationButtonLabel(4)).toBe('Accept');
  });

  it('dismisses an unknown template rather than trapping the user in a static dialog', () => {
    expect(notificationAction(99)).toBe('dismiss');
  });
});

describe('the notification queue', () => {
  it('shows the first notification not yet answered, one at a time', () => {
    const queue = [notification(1), notification(2, 4), notification(3)];
    expect(nextNotification(queue, new Set())).toEqual(queue[0]);
    expect(nextNotification(queue, new Set([1]))).toEqual(queue[1]);
    expect(nextNotification(queue, new Set([1, 2, 3]))).toBeNull();
    expect(nextNotification([], new Set())).toBeNull();
  });

  it('asks for a name when the organization name is empty, blank or null', () => {
    expect(isOrgNameMissing('')).toBe(true);
    expect(isOrgNameMissing('   ')).toBe(true);
    expect(isOrgNameMissing(null)).toBe(true);
    expect(isOrgNameMissing('Acme')).toBe(false);
  });
});

describe('hasInvitation (issue 12)', () => {
  it('is true only when a template-4 invitation is queued', () => {
    expect(hasInvitation([notification(1, 5), notification(2, 4)])).toBe(true);
    expect(hasInvitation([notification(1, 5), notification(2, 2)])).toBe(false);
    expect(hasInvitation([])).toBe(false);
  });
});
