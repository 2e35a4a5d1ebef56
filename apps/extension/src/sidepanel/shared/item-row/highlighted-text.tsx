import type { THighlighted } from '@waymark/core';
import classes from './item-row.module.css';

/**
 * Search-highlighted text: matched runs in `<mark>`. Runs are rendered as React text, never as
 * HTML, so item text cannot inject markup through a snippet.
 */
export function HighlightedText({ runs }: { runs: THighlighted }) {
  return runs.map((run, index) =>
    run.hit ? (
      <mark key={index} className={classes.mark}>
        {run.text}
      </mark>
    ) : (
      run.text
    ),
  );
}

/** Whether any run matched: a snippet without a match (the title matched) is not shown. */
export function hasHit(runs: THighlighted): boolean {
  return runs.some((run) => run.hit);
}
