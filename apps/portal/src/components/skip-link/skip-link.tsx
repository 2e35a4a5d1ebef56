import classes from './skip-link.module.css';

/** The id of the element every layout renders its page content in; the skip link targets it. */
export const MAIN_CONTENT_ID = 'main-content';

/** "Skip to main content": the first focusable element on every page, visible only on focus. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skip}>
      Skip to main content
    </a>
  );
}
