import { describe, expect, it } from 'vitest';
import { isSlightEdit } from './verify-candidate';

// The texts docs/pins.md's threshold table was measured on (pinned: "Export monthly report").
describe('isSlightEdit', () => {
  it.each(['Export the monthly report', 'Export montly report', 'Export Monthly Report'])(
    'accepts "%s" as the pinned text edited',
    (edited) => expect(isSlightEdit('Export monthly report', edited)).toBe(true),
  );

  it.each(['Export weekly report', 'Export report', 'Email report', 'Share dashboard'])(
    'refuses "%s" as another element',
    (other) => expect(isSlightEdit('Export monthly report', other)).toBe(false),
  );

  it('refuses a label whose number changed: another record of a list', () => {
    expect(isSlightEdit('Approve account 3', 'Approve account 2')).toBe(false);
    expect(isSlightEdit('Order 38 of customer 7', 'Order 33 of customer 6')).toBe(false);
  });
});
