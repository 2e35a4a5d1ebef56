import { AppError } from '@waymark/core';

/**
 * The option whose name matches `name` case-insensitively, or the first option when no name is
 * given; an unknown name is a tool error listing the choices.
 */
export function findField<T>(
  options: T[],
  nameOf: (option: T) => string,
  name: string | undefined,
  what: string,
): T {
  const wanted = name?.trim().toLowerCase();
  const found = wanted
    ? options.find((option) => nameOf(option).toLowerCase() === wanted)
    : options[0];
  if (!found)
    throw new AppError(
      'BAD_REQUEST',
      `Unknown ${what} "${name ?? ''}". Choose one of: ${options.map(nameOf).join(', ')}.`,
    );
  return found;
}
