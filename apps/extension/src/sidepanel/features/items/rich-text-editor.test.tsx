// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeChrome } from '../../../test/fake-chrome-api';
import { renderPage } from '../../../test/render-page';
import { toStoredHtml } from './mention-text';
import { RichTextEditor } from './rich-text-editor';

// Issue 27: the description editor offers the same keyboard-first mention list as notes.

const PEOPLE = [
  { userId: 5, fullName: 'Bea Baker', email: 'bea@acme.test' },
  { userId: 6, fullName: 'Ben Bird', email: 'ben@acme.test' },
  { userId: 7, fullName: 'Carl Cole', email: 'carl@acme.test' },
];

function renderEditor() {
  const onChange = vi.fn();
  const onPick = vi.fn();
  renderPage(
    <RichTextEditor
      label="Description"
      initialHtml="<p>Ask </p>"
      onChange={onChange}
      people={PEOPLE}
      onPick={onPick}
    />,
    createFakeChrome(),
  );
  const box = screen.getByRole('textbox', { name: 'Description' });
  /** Types `text` at the end of the first paragraph, as the browser would, caret after it. */
  const type = (text: string) => {
    const node = box.querySelector('p')!.firstChild as Text;
    node.data += text;
    window.getSelection()!.collapse(node, node.data.length);
    fireEvent.input(box);
    return node;
  };
  return { box, type, onChange, onPick };
}

describe('RichTextEditor mentions', () => {
  it('lists the matching people by name and e-mail, and picks with the keyboard', () => {
    const { box, type, onChange, onPick } = renderEditor();
    const node = type('@b');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Bea Bakerbea@acme.test',
      'Ben Birdben@acme.test',
    ]);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(node.data).toBe('Ask @Ben Bird\u00a0');
    expect(onPick).toHaveBeenCalledWith({ userId: 6, fullName: 'Ben Bird' });
    expect(screen.queryAllByRole('option')).toEqual([]);
    // Stored as a reference to the person, not as their name.
    const html = onChange.mock.lastCall?.[0] as string;
    expect(toStoredHtml(html, [{ userId: 6, fullName: 'Ben Bird' }])).toBe(
      '<p>Ask @[user:6]&nbsp;</p>',
    );
  });

  it('finds people by e-mail and closes with Escape, leaving the text', () => {
    const { box, type, onPick } = renderEditor();
    const node = type('@carl@');
    expect(screen.queryAllByRole('option')).toEqual([]);
    node.data = 'Ask ';
    type('@carl');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Carl Colecarl@acme.test',
    ]);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(node.data).toBe('Ask @carl');
    expect(onPick).not.toHaveBeenCalled();
  });
});
