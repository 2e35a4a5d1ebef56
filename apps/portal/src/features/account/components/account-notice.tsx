import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link AccountNotice}. */
export type AccountNoticeProps = {
  color: 'orange' | 'blue';
  /** The notice's title, also its region's name. */
  title: string;
  testId: string;
  children: ReactNode;
};

/**
 * A named region at the top of the Account screen about a payment in flight: one waiting for the
 * bank (3-D Secure) or one being processed (decision 0130).
 */
export function AccountNotice({ color, title, testId, children }: AccountNoticeProps) {
  return (
    <Alert
      color={color}
      variant="light"
      title={title}
      role="region"
      aria-label={title}
      data-testid={testId}
      // Orange on its light tint is below 4.5:1 (axe): the title takes the text colour.
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
    >
      {children}
    </Alert>
  );
}
