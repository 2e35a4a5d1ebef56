import { Badge, Button, type ButtonProps } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import type { Scope } from './filter-bar';

/** The scopes' names, in the filter popover and on the chip. */
export const SCOPE_LABELS: Record<Scope, string> = { page: 'This page', project: 'Whole project' };

/** Props of {@link FilterButton}: a Mantine button's, and how many filters are set. */
export type FilterButtonProps = ButtonProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps> & { setCount: number };

/** The Filter button, with a badge counting the set filters; the same before and after its first use. */
export function FilterButton({ setCount, ...props }: FilterButtonProps) {
  return (
    <Button
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
    </Button>
  );
}
