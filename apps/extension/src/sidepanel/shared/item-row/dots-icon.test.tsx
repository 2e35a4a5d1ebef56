import { IconDots } from '@tabler/icons-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DOTS_ICON } from './dots-icon';

describe('the rows’ dots icon made once', () => {
  it('is the markup Tabler’s IconDots renders at 16 px, hidden from assistive technology', () => {
    expect(renderToStaticMarkup(DOTS_ICON)).toBe(
      renderToStaticMarkup(<IconDots size={16} aria-hidden />),
    );
  });
});
