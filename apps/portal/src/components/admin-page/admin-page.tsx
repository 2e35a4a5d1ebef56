import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link AdminPage}. */
export type AdminPageProps = {
  /** The screen's title (the page's h1). */
  title: string;
  children?: ReactNode;
};

/** The frame of an admin screen: its title, then its panels. */
export function AdminPage({ title, children }: AdminPageProps) {
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}
