import { AppError } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { failureText, UNKNOWN_ERROR_MESSAGE } from './user-messages';

describe('failureText (spec §8)', () => {
  it('shows the server text, else the message, else the fallback', () => {
    expect(failureText(new AppError('CONFLICT', 'All licenses are assigned.'), 'x')).toBe(
      'All licenses are assigned.',
    );
    expect(failureText(new TypeError('Failed to fetch'), 'x')).toBe('Failed to fetch');
    expect(failureText(new Error(''), UNKNOWN_ERROR_MESSAGE)).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(failureText('boom', UNKNOWN_ERROR_MESSAGE)).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});
