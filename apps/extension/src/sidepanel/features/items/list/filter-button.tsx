import { Badge } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { PlainButton, type PlainButtonProps } from '../../../shared/plain-controls/plain-button';
import type { Scope } from './filter-bar';

/** The scopes' names, in the filter popover and on the chip. */
export const SCOPE_LABELS: Record<Scope, string> = { page: 'This page', project: 'Whole project' };

/** Props of {@link FilterButton}: a button's, and how many filters are set. */
export type FilterButtonProps = Omit<PlainButtonProps, 'size' | 'variant'> & { setCount: number };

/** The Filter button, with a badge counting the set filters; the same before and after its first use. */
export function FilterButton({ setCount, ...props }: FilterButtonProps) {
  return (
    <PlainButton
      size="xs"
      variant="default"
      leftSection={<IconFilter size={14} aria-hidden />}
      rightSection={
        setCount > 0 ? (
          <Badge size="xs" circle aria-label={`${setCount} set`}>
            {setCount}
          </Badge>
        ) : undefined
      }
      {...props}
    >
      Filter
    </PlainButton>
  );
}
