// @vitest-environment jsdom
import type { TNotification } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { notificationText, pendingInvitations } from './pending-invitations';

const notification = (templateId: number, id: number): TNotification => ({
  notificationInfoId: id,
  notificationTemplateId: templateId,
  notificationDescription:
    '<p><strong>Ada Admin</strong> invited you to join <strong>Acme</strong>.</p>',
  notificationOrgId: 7,
});

describe('pending invitations in the side panel', () => {
  it('keeps only template-4 notifications (spec §4: the ones answered with Accept)', () => {
    expect(
      pendingInvitations([notification(5, 1), notification(4, 2), notification(2, 3)]),
    ).toEqual([notification(4, 2)]);
  });

  it('shows the invitation as plain text', () => {
    expect(notificationText(notification(4, 1).notificationDescription)).toBe(
      'Ada Admin invited you to join Acme.',
    );
  });
});
