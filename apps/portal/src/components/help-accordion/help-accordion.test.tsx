// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { QUICK_TIPS, USER_GUIDE_SECTIONS } from '@waymark/core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

async function sectionButtons(firstTitle: string): Promise<HTMLElement[]> {
  await screen.findByRole('button', { name: firstTitle });
  return screen
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('aria-expanded') && button.closest('[data-accordion]'));
}

function expandedStates(buttons: HTMLElement[]): (string | null)[] {
  return buttons.map((button) => button.getAttribute('aria-expanded'));
}

describe('help accordions (spec §2)', () => {
  it('opens only the first FAQ item, of the seven topics', async () => {
    renderApp('/client/home/faq-page');
    const buttons = await sectionButtons('What is the Waymark extension?');
    expect(buttons).toHaveLength(7);
    expect(expandedStates(buttons)).toEqual(['true', ...Array<string>(6).fill('false')]);
  });

  it('opens only the first of the nine user guide sections', async () => {
    renderApp('/client/user-guide');
    const buttons = await sectionButtons(USER_GUIDE_SECTIONS[0]!.title);
    expect(USER_GUIDE_SECTIONS).toHaveLength(9);
    expect(buttons.map((button) => button.textContent)).toEqual(
      USER_GUIDE_SECTIONS.map((section) => section.title),
    );
    expect(expandedStates(buttons)).toEqual(['true', ...Array<string>(8).fill('false')]);
  });

  it('opens all five Quick tips on the welcome page, ending with a link to the user guide', async () => {
    renderApp('/client/extension-welcome-page');
    const buttons = await sectionButtons(QUICK_TIPS[0]!.title);
    expect(buttons).toHaveLength(5);
    expect(expandedStates(buttons)).toEqual(Array<string>(5).fill('true'));
    const guideLink = screen.getByRole('link', { name: 'Open the Waymark user guide' });
    expect(guideLink.getAttribute('href')).toBe('/client/user-guide');
  });
});
