import { Loader } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import type { ActiveTabState } from '../shared/use-active-tab';
import classes from '../shared/plain-layout.module.css';

/**
 * The address of the page the user is looking at, on one line (full address on hover). Plain
 * elements styled with Mantine's variables: it is in the panel's first render (docs/extension.md,
 * "First paint", step 14).
 */
export function CurrentPage({ state }: { state: ActiveTabState }) {
  return (
    <section className={classes.page} aria-labelledby="current-page-heading">
      <IconWorld size={14} aria-hidden style={{ flex: 'none' }} />
      <h2 className={classes.hidden} id="current-page-heading">
        Current page
      </h2>
      {state.status === 'loading' && <Loader size="xs" aria-label="Finding the current page" />}
      {state.status === 'error' && (
        <p className={classes.error}>
          Waymark could not tell which page is open. Close and reopen the side panel.
        </p>
      )}
      {state.status === 'ready' && (
        <p
          className={classes.dimmedLine}
          title={state.tab?.url ?? undefined}
          data-testid="current-page-url"
        >
          {state.tab?.url ?? 'This tab shows no web page.'}
        </p>
      )}
    </section>
  );
}
