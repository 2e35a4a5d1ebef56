// @vitest-environment jsdom
import '../testing/setup-dom';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRowEditor, type RowEditorOptions } from './use-row-editor';

const VALUES = [{ id: 1, text: 'Open' }];

function renderEditor(overrides: Partial<RowEditorOptions> = {}) {
  const options: RowEditorOptions = {
    values: VALUES,
    checkText: (text) => (text.trim() ? null : 'Enter a name.'),
    sendCreate: vi.fn(() => Promise.resolve('Saved successfully')),
    sendUpdate: vi.fn(() => Promise.resolve('Saved successfully')),
    reload: vi.fn(() => Promise.resolve([...VALUES, { id: 2, text: 'Blocked' }])),
    ...overrides,
  };
  // `values` is a prop, as the query's data is: a reload gives the hook new values.
  return {
    options,
    ...renderHook((props: { values: typeof VALUES }) => useRowEditor({ ...options, ...props }), {
      initialProps: { values: VALUES },
    }),
  };
}

describe('useRowEditor', () => {
  it('after a successful save shows the reloaded values and is unchanged again', async () => {
    const { result, options, rerender } = renderEditor();
    act(() => result.current.add());
    act(() => result.current.change(result.current.rows[1]!.key, 'Blocked'));
    expect(result.current.isDirty).toBe(true);
    let outcome: Awaited<ReturnType<typeof result.current.save>> = null;
    await act(async () => {
      outcome = await result.current.save();
    });
    expect(outcome).toEqual({ messages: ['Saved successfully'], failures: [] });
    expect(options.sendCreate).toHaveBeenCalledWith('Blocked');
    rerender({ values: [...VALUES, { id: 2, text: 'Blocked' }] });
    expect(result.current.rows.map((row) => [row.id, row.text])).toEqual([
      [1, 'Open'],
      [2, 'Blocked'],
    ]);
    expect(result.current.isDirty).toBe(false);
  });

  it('keeps the typed rows and reports the failure when reloading fails', async () => {
    const reloadError = new Error('The server could not be reached.');
    const { result } = renderEditor({ reload: () => Promise.reject(reloadError) });
    act(() => result.current.change('saved-1', 'Opened'));
    let outcome: Awaited<ReturnType<typeof result.current.save>> = null;
    await act(async () => {
      outcome = await result.current.save();
    });
    expect(outcome).toEqual({ messages: ['Saved successfully'], failures: [reloadError] });
    expect(result.current.rows[0]?.text).toBe('Opened');
  });
});
