import { BRAND_COLOR_NAME } from '@waymark/core';
import type { ComponentPropsWithRef, CSSProperties, ReactNode } from 'react';

/** The variants the panel's first render draws (`filled`: the primary colour). */
export type PlainButtonVariant = 'filled' | 'subtle' | 'default';

/** Mantine's `--button-*` colour variables of each variant, as its Button sets them. */
const COLOURS: Record<PlainButtonVariant, Record<string, string>> = {
  filled: { '--button-color': 'var(--mantine-color-white)' },
  subtle: {
    '--button-bg': 'transparent',
    '--button-hover': `var(--mantine-color-${BRAND_COLOR_NAME}-light-hover)`,
    '--button-color': `var(--mantine-color-${BRAND_COLOR_NAME}-light-color)`,
    '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  },
  default: {
    '--button-bg': 'var(--mantine-color-default)',
    '--button-hover': 'var(--mantine-color-default-hover)',
    '--button-color': 'var(--mantine-color-default-color)',
    '--button-bd':
      'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
  },
};

/** Props of {@link PlainButton}: a `<button>`'s, and the Mantine Button props it copies. */
export type PlainButtonProps = Omit<ComponentPropsWithRef<'button'>, 'style'> & {
  size: 'compact-sm' | 'compact-xs' | 'xs';
  variant?: PlainButtonVariant;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
};

/**
 * Mantine's Button, as the DOM it renders (its classes, data attributes and CSS variables, so
 * its stylesheet draws it the same, focus ring and hover included), without its styles API:
 * Mantine's per-render props, class and variable resolution was a large part of the side
 * panel's first render (issue 34, decision 0102). Only the variants the first render uses;
 * `plain-controls.test.tsx` fails when Mantine renders them differently.
 */
export function PlainButton({
  size,
  variant = 'filled',
  leftSection,
  rightSection,
  children,
  type = 'button',
  className,
  ...props
}: PlainButtonProps) {
  const style = {
    '--button-height': `var(--button-height-${size})`,
    '--button-padding-x': `var(--button-padding-x-${size})`,
    '--button-fz': `var(--mantine-font-size-${size.replace('compact-', '')})`,
    ...COLOURS[variant],
  } as CSSProperties;
  return (
    <button
      style={style}
      // A popover target adds its own class.
      className={`mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root${className ? ` ${className}` : ''}`}
      data-variant={variant === 'filled' ? undefined : variant}
      data-size={size}
      data-with-left-section={leftSection ? true : undefined}
      data-with-right-section={rightSection ? true : undefined}
      type={type}
      {...props}
    >
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection && (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        )}
        <span className="m_811560b9 mantine-Button-label">{children}</span>
        {rightSection && (
          <span className="m_a74036a mantine-Button-section" data-position="right">
            {rightSection}
          </span>
        )}
      </span>
    </button>
  );
}
