import { ThemeIcon } from '@mantine/core';

// Simple 24×24 stroke drawings; decorative only, so the icon is hidden from assistive technology.
const DRAWINGS = {
  note: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h5',
  status: 'M4 6h4v4H4zM4 14h4v4H4zM12 8h8M12 16h8',
  layers: 'M12 3 3 8l9 5 9-5zM3 13l9 5 9-5',
  lock: 'M6 11h12v9H6zM9 11V8a3 3 0 0 1 6 0v3',
  pin: 'M12 21s-6-6.2-6-11a6 6 0 0 1 12 0c0 4.8-6 11-6 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3',
  users:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3 3-5 6-5s6 2 6 5M16 5a3 3 0 0 1 0 6M18 15c2 .5 3 2 3 5',
  code: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13 6l-2 12',
  chart: 'M4 20V10M10 20V4M16 20v-7M3 20h18',
  brush: 'M4 20c3 0 5-2 5-4a2.5 2.5 0 0 0-5 0M9 15 19 5l1 1-10 10',
  check: 'M4 12l5 5L20 6',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  flag: 'M5 21V4M5 4h11l-2 4 2 4H5',
  compass: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM15.5 8.5l-2 5-5 2 2-5z',
} as const;

/** The name of an available drawing. */
export type IconName = keyof typeof DRAWINGS;

/** Props of {@link Icon}. */
export type IconProps = { name: IconName; size?: number };

/** A decorative line icon in a tinted square. */
export function Icon({ name, size = 44 }: IconProps) {
  return (
    <ThemeIcon size={size} radius="md" variant="light" aria-hidden="true">
      <svg
        width={size * 0.55}
        height={size * 0.55}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        <path d={DRAWINGS[name]} />
      </svg>
    </ThemeIcon>
  );
}
