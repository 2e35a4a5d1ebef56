// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { ProjectHeading } from './project-heading';

const projects = [
  {
    projectId: 3,
    projectName: 'Shop',
    orgId: 1,
    baseUrl: 'https://shop.test',
    relativePath: '/orders/2',
  },
];

describe('ProjectHeading (issue 31)', () => {
  it('names the template page and keeps the concrete path', () => {
    renderPage(
      <ProjectHeading
        projects={projects}
        projectId={3}
        relativePath="/orders/2"
        template={{ pattern: '/orders/:id', name: 'Order page' }}
        onSelect={() => undefined}
      />,
    );
    expect(screen.getByTestId('page-template').textContent).toBe('Page Order page (/orders/:id)');
    expect(screen.getByTestId('relative-path').textContent).toBe('/orders/2');
  });

  it('shows the pattern alone for an unnamed template and nothing without one', () => {
    const { unmount } = renderPage(
      <ProjectHeading
        projects={projects}
        projectId={3}
        relativePath="/docs/a"
        template={{ pattern: '/docs/*', name: null }}
        onSelect={() => undefined}
      />,
    );
    expect(screen.getByTestId('page-template').textContent).toBe('Page /docs/*');
    unmount();
    renderPage(
      <ProjectHeading
        projects={projects}
        projectId={3}
        relativePath="/cart"
        onSelect={() => undefined}
      />,
    );
    expect(screen.queryByTestId('page-template')).toBeNull();
  });
});
