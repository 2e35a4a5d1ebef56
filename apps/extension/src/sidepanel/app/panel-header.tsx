import type { ReactNode } from 'react';
import classes from '../shared/plain-layout.module.css';

/**
 * The side panel's header: the Waymark icon and name (the page's only level-1 heading), and at
 * its end `children` (the connection indicator, the menu). Plain elements styled with Mantine's
 * variables: it is in the panel's first render (docs/extension.md, "First paint", step 14).
 */
export function PanelHeader({ children }: { children?: ReactNode }) {
  return (
    <header className={classes.header}>
      <div className={classes.brand}>
        <img className={classes.icon} src="/icons/icon-32.png" alt="" />
        <h1 className={classes.title}>Waymark</h1>
      </div>
      <div className={classes.brand}>{children}</div>
    </header>
  );
}
