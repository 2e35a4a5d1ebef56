// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { EnvironmentFields } from './environment-fields';

const ISO = '2026-11-23T10:41:00.000Z';

describe('EnvironmentFields', () => {
  // Issue 25: the block showed 2026-11-23T10:41:00.000Z in a text field.
  it('shows the recorded time in words, with the instant in <time dateTime>', () => {
    const environment = {
      pageUrl: 'https://shop.test/pay',
      browser: 'Chrome 131',
      os: 'Linux',
      viewport: '1280 × 720',
      devicePixelRatio: '1',
      zoom: '100 %',
      language: 'en',
      time: ISO,
    };
    const { container } = renderPage(
      <EnvironmentFields environment={environment} onChange={() => undefined} />,
    );
    const time = container.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(ISO);
    expect(time?.textContent).toBe(
      new Date(ISO).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'long' }),
    );
    expect(screen.queryByDisplayValue(ISO)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Browser' })).toHaveProperty('value', 'Chrome 131');
  });
});
