import { describe, expect, it } from 'vitest';
import { renderPage } from './render-page';

// The build-time render of a public page (issue 34): the page's markup through the real route
// table and layouts, its title and description, and the marks its islands look for.
describe('renderPage', () => {
  it('renders the FAQ with its meta, its accordion (first section open) and the menu content', async () => {
    const { html, meta } = await renderPage('/home/faq-page');
    expect(meta.title).toBe('Frequently asked questions | Waymark');
    expect(meta.description.length).toBeGreaterThan(50);
    expect(html).toMatch(/<h1[^>]*>/);
    const expanded = [...html.matchAll(/aria-expanded="(true|false)"[^>]*aria-controls=/g)].map(
      (match) => match[1],
    );
    expect(expanded).toEqual(['true', 'false', 'false', 'false', 'false', 'false', 'false']);
    // Closed sections are in the HTML, hidden, so the island can open them.
    expect(html.match(/role="region"/g)).toHaveLength(7);
    expect(html).toContain('data-accordion-mode="single"');
    expect(html).toMatch(/<template data-menu-content="">.*<nav aria-label="Main">/);
    expect(html).toMatch(/<button[^>]*aria-label="Open menu"[^>]*data-menu-button=""/);
    expect(html).toMatch(/data-auth-action="log-in"/);
    expect(html).not.toContain('<script');
  });

  it('marks the current page in the top bar', async () => {
    const { html } = await renderPage('/home/about-us');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/client\/home\/about-us"/);
  });

  it("renders the landing page's See it in action and Sign up now for the islands", async () => {
    const { html } = await renderPage('/home/product-info');
    expect(html).toContain('data-scroll-to="demo"');
    expect(html).toContain('id="demo"');
    expect(html.match(/data-auth-action="sign-up"/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses an address that redirects or has no page', async () => {
    await expect(renderPage('/home')).rejects.toThrow(/redirects/);
    await expect(renderPage('/no-such-page')).rejects.toThrow(/404/);
  });
});
