import { BRAND_COLOR_NAME } from '@waymark/core';
import type { ComponentPropsWithoutRef, CSSProperties } from 'react';

/** Props of {@link PlainActionIcon}: a `<button>`'s, and the Mantine ActionIcon props it copies. */
export type PlainActionIconProps = Omit<ComponentPropsWithoutRef<'button'>, 'style' | 'color'> & {
  /** Always Mantine's `subtle` variant: the panel header's icon buttons. */
  variant: 'subtle';
  size: 'sm' | 'md';
  /** The theme's primary colour unless given. */
  color?: 'gray';
};

/**
 * Mantine's ActionIcon (subtle), as the DOM it renders, without its styles API — the panel
 * header's plain menu and inbox buttons before their first click (see `PlainButton`, decision
 * 0102).
 */
export function PlainActionIcon({
  variant,
  size,
  color,
  children,
  type = 'button',
  ...props
}: PlainActionIconProps) {
  const colour = color ?? BRAND_COLOR_NAME;
  const style = {
    '--ai-size': `var(--ai-size-${size})`,
    '--ai-bg': 'transparent',
    '--ai-hover': `var(--mantine-color-${colour}-light-hover)`,
    '--ai-color': `var(--mantine-color-${colour}-light-color)`,
    '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  } as CSSProperties;
  return (
    <button
      style={style}
      className="mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
      data-variant={variant}
      data-size={size}
      type={type}
      {...props}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </button>
  );
}
