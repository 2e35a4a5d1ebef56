// The console and network log's page (issue 32): as it loads it logs an error and a warning,
// throws, and makes a request that fails with a token in its query — what a bug report should
// carry, with the token redacted.

/** The page's path. */
export const CONSOLE_LOG_PAGE_PATH = '/checkout-broken';

/** The secret in the failing request's query: it must never reach the attachment. */
export const CONSOLE_LOG_SECRET = 's3cr3t';

/** What the page logs and throws, to find in the attached log. */
export const CONSOLE_LOG_TEXTS = {
  error: 'Checkout widget failed to render',
  warning: 'Deprecated payment API used',
  thrown: 'Totals could not be computed',
} as const;

/** The page: its script runs as it loads (no CSP: the page's own inline script). */
export function renderConsoleLogPage(): string {
  return `<!doctype html><html lang="en"><head><title>Broken checkout · Acme Shop</title></head>
<body><main><h1>Checkout</h1><p>This page reports errors as it loads.</p></main>
<script>
console.error(${JSON.stringify(CONSOLE_LOG_TEXTS.error)}, { step: 'pay' });
console.warn(${JSON.stringify(CONSOLE_LOG_TEXTS.warning)});
fetch('/missing?token=${CONSOLE_LOG_SECRET}&page=2').catch(() => undefined);
</script>
<script>throw new Error(${JSON.stringify(CONSOLE_LOG_TEXTS.thrown)});</script>
</body></html>`;
}
