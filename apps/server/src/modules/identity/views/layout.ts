import { html, SafeHtml } from './html';

/** An error, success or info message at the top of a card, announced by screen readers. */
export type Notice = { kind: 'error' | 'success' | 'info'; text: string };

/**
 * A page of the identity provider: a title, its card content and an optional notice. An error
 * notice also starts the `<title>` with "Error: ", the first thing a screen reader reads.
 */
export type PageInput = {
  /** `<title>` and the card heading. */
  title: string;
  /** Card content under the heading. */
  body: SafeHtml;
  /** Error or success notice, announced by screen readers (aria-live). */
  notice?: Notice;
};

/** Id of the notice's text, which an invalid field names in its aria-describedby. */
export const NOTICE_TEXT_ID = 'notice-text';

// No scripts: the pages must work without JavaScript. Colours meet WCAG AA. The font stack, the
// 8px radius and the colours are the portal's (Mantine's defaults and the waymark palette in
// apps/portal/src/app/theme.ts), so moving between the two looks like one product.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;background:#eaf2fb;color:#000;font:16px/1.55 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif,"Apple Color Emoji","Segoe UI Emoji"}
header{display:flex;align-items:center;gap:8px;padding:32px 16px 16px;font-size:24px;font-weight:800;color:#113a6a}
main{width:100%;max-width:420px;padding:0 16px 48px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:32px}
h1{margin:0 0 20px;font-size:22px;line-height:1.3}
p{margin:0 0 16px}
label{display:block;font-weight:600;margin:0 0 4px}
.field{margin:0 0 16px}
.hint{display:block;font-size:14px;color:#4b5563;margin:2px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:10px 12px;font:inherit;color:inherit;border:1px solid #6b7280;border-radius:8px;background:#fff}
input[aria-invalid=true]{border:2px solid #b91c1c}
button,.button{display:block;width:100%;padding:11px 16px;font:inherit;font-weight:600;color:#fff;background:#1f5aa0;border:0;border-radius:8px;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{background:#184a85}
button.secondary{color:#1f5aa0;background:#fff;border:1px solid #1f5aa0;margin-top:12px}
a{color:#1f5aa0}
:focus-visible{outline:3px solid #113a6a;outline-offset:2px}
.notice{border-radius:8px;padding:12px 14px;margin:0 0 20px}
.notice.error{background:#fef2f2;color:#991b1b;border:1px solid #fca5a5}
.notice.success{background:#ecfdf5;color:#065f46;border:1px solid #6ee7b7}
.notice.info{background:#eff6ff;color:#113a6a;border:1px solid #93c5fd}
.links{margin:20px 0 0;font-size:15px;display:flex;flex-direction:column;gap:8px}
.inline{display:inline}
.facts{margin:0 0 8px}
.facts dt{font-weight:600}
.facts dd{margin:0 0 12px;overflow-wrap:anywhere}
.button.danger{background:#b91c1c}
.button.danger:hover{background:#991b1b}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

// The portal's mark (a map pin over a page), inline so the pages need no other request.
const LOGO = new SafeHtml(
  '<svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false"><rect x="3" y="5" width="18" height="20" rx="3" fill="#d4e3f5"/><path d="M18 2a7 7 0 0 0-7 7c0 5 7 12 7 12s7-7 7-12a7 7 0 0 0-7-7Z" fill="#1f5aa0"/><circle cx="18" cy="9" r="2.6" fill="#fff"/></svg>',
);

/** Renders a complete, self-contained page of the identity provider in Waymark's look. */
export function renderPage(input: PageInput): string {
  const notice = input.notice;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${notice?.kind === 'error' ? 'Error: ' : ''}${input.title} · Waymark</title>
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <header>${LOGO}<span>Waymark</span></header>
        <main>
          <div class="card">
            <h1>${input.title}</h1>
            <div aria-live="polite" id="notice">
              ${
                notice
                  ? html`<p
                      id="${NOTICE_TEXT_ID}"
                      class="notice ${notice.kind}"
                      role="${notice.kind === 'error' ? 'alert' : 'status'}"
                    >
                      ${notice.text}
                    </p>`
                  : ''
              }
            </div>
            ${input.body}
          </div>
        </main>
      </body>
    </html>`.value;
}
