/**
 * Tabler's `dots` icon at 16 px, as `<IconDots size={16} aria-hidden />` renders it, made once:
 * every row of the list draws it in its menu button, and Tabler's component (props spread and
 * merged, class names joined, its paths mapped to elements) for each row was about a tenth of the
 * panel's first render in a trace (issue 34, decision 0116). `dots-icon.test.tsx` fails when
 * Tabler draws it differently.
 */
export const DOTS_ICON = (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={16}
    height={16}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    className="tabler-icon tabler-icon-dots"
    aria-hidden
  >
    <path d="M4 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0" />
    <path d="M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0" />
    <path d="M18 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0" />
  </svg>
);
