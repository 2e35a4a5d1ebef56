// @vitest-environment jsdom
import { ActionIcon, Button, Kbd, MantineProvider, TextInput } from '@mantine/core';
import { IconFilter, IconMenu2, IconPlus, IconSearch } from '@tabler/icons-react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, theme } from '../../../ui/theme';
import { PlainActionIcon } from './plain-action-icon';
import { PlainButton } from './plain-button';
import { PlainKbd, PlainSearchInput } from './plain-search-input';

afterEach(cleanup);

/** The markup as the panel renders it, without Mantine's one `<style>` of breakpoint classes. */
const markup = (node: ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {node}
    </MantineProvider>,
  ).replace(/<style[^>]*>.*?<\/style>/gs, '');

describe('the plain controls draw as Mantine does (same DOM, so the same CSS applies)', () => {
  it('Button: filled with an icon, subtle, default with both sections', () => {
    const icon = <IconPlus size={14} aria-hidden />;
    expect(
      markup(
        <PlainButton size="compact-sm" leftSection={icon} title="Add item (n)">
          Add item
        </PlainButton>,
      ),
    ).toBe(
      markup(
        <Button size="compact-sm" leftSection={icon} title="Add item (n)">
          Add item
        </Button>,
      ),
    );
    expect(
      markup(
        <PlainButton size="compact-xs" variant="subtle">
          Logout
        </PlainButton>,
      ),
    ).toBe(
      markup(
        <Button size="compact-xs" variant="subtle">
          Logout
        </Button>,
      ),
    );
    const filter = <IconFilter size={14} aria-hidden />;
    expect(
      markup(
        <PlainButton size="xs" variant="default" leftSection={filter} rightSection={<b>2</b>}>
          Filter
        </PlainButton>,
      ),
    ).toBe(
      markup(
        <Button size="xs" variant="default" leftSection={filter} rightSection={<b>2</b>}>
          Filter
        </Button>,
      ),
    );
  });

  it('ActionIcon: subtle in the primary colour and in grey', () => {
    const icon = <IconMenu2 size={16} aria-hidden />;
    for (const props of [
      { size: 'sm', color: 'gray' },
      { size: 'md', color: undefined },
    ] as const)
      expect(
        markup(
          <PlainActionIcon variant="subtle" {...props} aria-label="Menu">
            {icon}
          </PlainActionIcon>,
        ),
      ).toBe(
        markup(
          <ActionIcon variant="subtle" {...props} aria-label="Menu">
            {icon}
          </ActionIcon>,
        ),
      );
  });

  it('TextInput xs with a left icon and a key hint', () => {
    const icon = <IconSearch size={14} aria-hidden />;
    expect(
      markup(
        <PlainSearchInput
          aria-label="Search"
          placeholder="Search title or tag"
          leftSection={icon}
          rightSection={<PlainKbd>/</PlainKbd>}
          value="checkout"
          readOnly
        />,
      ),
    ).toBe(
      markup(
        <TextInput
          flex={1}
          size="xs"
          aria-label="Search"
          placeholder="Search title or tag"
          leftSection={icon}
          rightSection={<Kbd size="xs">/</Kbd>}
          rightSectionPointerEvents="none"
          value="checkout"
          readOnly
        />,
      ),
    );
  });
});

describe('the plain controls behave as the real ones', () => {
  it('a button is named, reachable by Tab and pressed by click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <PlainButton size="xs" onClick={onClick}>
        Filter
      </PlainButton>,
    );
    await user.tab();
    const button = screen.getByRole('button', { name: 'Filter' });
    expect(button).toHaveProperty('type', 'button');
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('an icon button takes its name from aria-label', async () => {
    const onClick = vi.fn();
    render(
      <PlainActionIcon variant="subtle" size="sm" aria-label="Waymark menu" onClick={onClick}>
        <IconMenu2 aria-hidden />
      </PlainActionIcon>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Waymark menu' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('the search field is named, typed into and takes the ref', async () => {
    const onChange = vi.fn<(value: string) => void>();
    let input: HTMLInputElement | null = null;
    render(
      <PlainSearchInput
        ref={(node) => {
          input = node;
        }}
        aria-label="Search"
        leftSection={null}
        rightSection={<PlainKbd>/</PlainKbd>}
        onChange={(event) => {
          onChange(event.currentTarget.value);
        }}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Search' });
    expect(input).toBe(field);
    await userEvent.type(field, 'a');
    expect(onChange).toHaveBeenCalledWith('a');
  });
});
