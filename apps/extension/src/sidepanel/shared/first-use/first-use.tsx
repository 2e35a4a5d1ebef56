import { startTransition, Suspense, useState, type ReactNode } from 'react';

/** Props of {@link FirstUse}. */
export type FirstUseProps = {
  /** The plain control shown until first used, given the handler its click must call. */
  plain: (use: () => void) => ReactNode;
  /** The real control, mounted open on first use: usually a `React.lazy` component's element. */
  children: ReactNode;
};

/**
 * A control whose popup (a Mantine `Menu`, `Popover`: floating-ui, focus trap, transitions)
 * stays out of the panel's first code and first render: `plain` until its first click, then
 * `children`, mounted open. The switch is a transition, so while the real control's code loads
 * the plain one stays on screen and focused, and the same click opens the popup when it arrives
 * (docs/extension.md, "First paint", step 10).
 */
export function FirstUse({ plain, children }: FirstUseProps) {
  const [isUsed, setUsed] = useState(false);
  const use = () => startTransition(() => setUsed(true));
  const shown = plain(use);
  // Suspended inside a transition, React keeps what the boundary showed (the plain control).
  return <Suspense fallback={shown}>{isUsed ? children : shown}</Suspense>;
}
