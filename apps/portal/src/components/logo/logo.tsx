import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@waymark/core';

/** The Waymark mark (a map pin over a page) and wordmark. Decorative: wrap it in a labelled link. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect x="3" y="5" width="18" height="20" rx="3" fill="var(--mantine-color-waymark-1)" />
        <path
          d="M18 2a7 7 0 0 0-7 7c0 5 7 12 7 12s7-7 7-12a7 7 0 0 0-7-7Z"
          fill="var(--mantine-color-waymark-7)"
        />
        <circle cx="18" cy="9" r="2.6" fill="#fff" />
      </svg>
      <Text component="span" fw={800} fz="xl" c="waymark.9" lh={1}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
