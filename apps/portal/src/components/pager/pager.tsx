import { ActionIcon, Group, Text } from '@mantine/core';

/** Props of {@link Pager}. */
export type PagerProps = {
  /** spec §2: "x - y of n". */
  rangeLabel: string;
  /** The page shown, from 1. */
  page: number;
  pageCount: number;
  /** What is paged, for the arrows' names ("Previous domains"). */
  label: string;
  onPageChange: (page: number) => void;
};

const ARROW = { previous: 'M15 6l-6 6 6 6', next: 'M9 6l6 6-6 6' } as const;

function Arrow({ direction }: { direction: keyof typeof ARROW }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={ARROW[direction]} />
    </svg>
  );
}

/** spec §2: pagination shown as "x - y of n" with previous and next arrows. */
export function Pager({ rangeLabel, page, pageCount, label, onPageChange }: PagerProps) {
  return (
    <Group gap="xs" justify="flex-end">
      <Text size="sm" aria-live="polite">
        {rangeLabel}
      </Text>
      <ActionIcon
        variant="subtle"
        aria-label={`Previous ${label}`}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <Arrow direction="previous" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Next ${label}`}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        <Arrow direction="next" />
      </ActionIcon>
    </Group>
  );
}
