import { AppError } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { getErrorMessage, UNKNOWN_ERROR_MESSAGE } from './error-message';

describe('getErrorMessage (spec §8)', () => {
  it("shows the server's error text first", () => {
    expect(
      getErrorMessage(new AppError('CONFLICT', 'A value with this name exists already.')),
    ).toBe('A value with this name exists already.');
  });

  it("falls back to the code's words when the server sent no text", () => {
    expect(getErrorMessage(new AppError('FORBIDDEN', ''))).toBe(
      'Only administrators of this organization can do this.',
    );
  });

  it("uses a plain error's message, else the unknown-error text", () => {
    expect(getErrorMessage(new Error('Network down'))).toBe('Network down');
    expect(getErrorMessage(new Error(''))).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(getErrorMessage(undefined)).toBe('An unknown error occurred');
    expect(getErrorMessage({ nothing: true })).toBe('An unknown error occurred');
  });
});
