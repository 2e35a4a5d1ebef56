import {
  useId,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';

/** Props of {@link PlainSearchInput}: an `<input>`'s, and the Mantine TextInput props it copies. */
export type PlainSearchInputProps = Omit<ComponentPropsWithoutRef<'input'>, 'size' | 'style'> & {
  ref?: Ref<HTMLInputElement>;
  leftSection: ReactNode;
  /** Drawn over the field's end, not clickable (`rightSectionPointerEvents="none"`). */
  rightSection: ReactNode;
};

/**
 * Mantine's TextInput at size `xs` with both sections, growing in its row (`flex={1}`), as the
 * DOM it renders, without its styles API: the items' search field in the panel's first render
 * (see `PlainButton`, decision 0102).
 */
export function PlainSearchInput({
  leftSection,
  rightSection,
  id,
  ...props
}: PlainSearchInputProps) {
  // Mantine's useId, so the field's id looks the same.
  const generatedId = `mantine-${useId().replace(/:/g, '')}`;
  return (
    <div
      style={{ flex: 1 }}
      className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root"
      data-size="xs"
    >
      <div
        style={
          {
            '--input-height': 'var(--input-height-xs)',
            '--input-fz': 'var(--mantine-font-size-xs)',
            '--input-right-section-pointer-events': 'none',
          } as CSSProperties
        }
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="xs"
        data-with-right-section
        data-with-left-section
      >
        <div
          data-position="left"
          className="m_82577fc2 mantine-Input-section mantine-TextInput-section"
        >
          {leftSection}
        </div>
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          {...props}
          id={id ?? generatedId}
        />
        <div
          data-position="right"
          className="m_82577fc2 mantine-Input-section mantine-TextInput-section"
        >
          {rightSection}
        </div>
      </div>
    </div>
  );
}

/** Mantine's Kbd at size `xs`, as the DOM it renders: the search field's `/` hint. */
export function PlainKbd({ children }: { children: ReactNode }) {
  return (
    <kbd
      style={{ '--kbd-fz': 'var(--kbd-fz-xs)' } as CSSProperties}
      className="m_dc6f14e2 mantine-Kbd-root"
      data-size="xs"
    >
      {children}
    </kbd>
  );
}
