// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  holdLazyViewsUntilPainted,
  lazyStyled,
  LoadAllStylesAfterPaint,
} from './all-mantine-styles';

const viewLoader = () => {
  const load = vi.fn(() => Promise.resolve({ default: () => <p>Lazy view</p> }));
  return { load, View: lazyStyled(load) };
};

afterEach(cleanup);

describe('lazyStyled', () => {
  it('loads a view at once when nothing holds it', async () => {
    const { load, View } = viewLoader();
    render(
      <Suspense fallback={null}>
        <View />
      </Suspense>,
    );
    expect(await screen.findByText('Lazy view')).toBeInstanceOf(HTMLParagraphElement);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('held for the first render, loads its view only once that render is painted', async () => {
    const { load, View } = viewLoader();
    holdLazyViewsUntilPainted();
    render(
      <>
        <Suspense fallback={null}>
          <View />
        </Suspense>
        <LoadAllStylesAfterPaint />
      </>,
    );
    // The render and its effects are done, no frame yet: the view's code is not asked for.
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('Lazy view')).toBeNull();
    expect(await screen.findByText('Lazy view')).toBeInstanceOf(HTMLParagraphElement);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
