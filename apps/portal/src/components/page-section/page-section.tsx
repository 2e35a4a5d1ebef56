import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link PageSection}. */
export type PageSectionProps = {
  /** The section's h2; also its accessible name. */
  title: string;
  /** Optional sentence under the heading. */
  intro?: ReactNode;
  /** Fragment id, for in-page links. */
  id?: string;
  /** Tinted background to separate consecutive sections. */
  isTinted?: boolean;
  children: ReactNode;
};

/** A titled band of a public page. */
export function PageSection({ title, intro, id, isTinted = false, children }: PageSectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      // The sticky top bar is 64px high; keep in-page link targets clear of it.
      style={{
        background: isTinted ? 'var(--mantine-color-gray-0)' : undefined,
        scrollMarginTop: 72,
      }}
    >
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Title order={2} id={headingId} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {intro && (
          <Text size="lg" mt="sm" mb="xl" maw={720} c="gray.8">
            {intro}
          </Text>
        )}
        {!intro && <div style={{ height: 'var(--mantine-spacing-xl)' }} />}
        {children}
      </Container>
    </section>
  );
}
