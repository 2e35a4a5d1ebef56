// The HTML of the test shop's pages: plain enough for tests, real-looking enough for the demo video.

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2933; background: #f5f7fa; }
  header { display: flex; justify-content: space-between; align-items: center; padding: 16px 40px; background: #fff; border-bottom: 1px solid #e4e7eb; }
  header strong { font-size: 22px; color: #c2410c; }
  nav a { margin-left: 24px; color: #3e4c59; text-decoration: none; }
  main { display: grid; grid-template-columns: 2fr 1fr; gap: 32px; max-width: 1040px; margin: 32px auto; padding: 0 40px; }
  section, aside { background: #fff; border: 1px solid #e4e7eb; border-radius: 8px; padding: 24px; }
  h1 { margin: 0 0 16px; font-size: 28px; }
  label { display: block; margin: 12px 0 4px; font-weight: 600; font-size: 14px; }
  .field { height: 38px; border: 1px solid #cbd2d9; border-radius: 6px; background: #fff; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
  .pay { margin-top: 24px; height: 44px; border-radius: 6px; background: #c2410c; color: #fff; display: grid; place-items: center; font-weight: 700; }
  aside p { display: flex; justify-content: space-between; margin: 8px 0; }
`;

const BODIES: Record<string, string> = {
  Checkout: `<section><h1>Checkout</h1>
    <label>Name on card</label><div class="field"></div>
    <label>Card number</label><div class="field"></div>
    <div class="row"><div><label>Expiry</label><div class="field"></div></div><div><label>CVC</label><div class="field"></div></div></div>
    <div class="pay">Pay $1,249.00</div></section>`,
  Cart: `<section><h1>Cart</h1><p>2 items in your cart.</p></section>`,
  Pay: `<section><h1>Pay</h1>
    <label>Card number</label><div class="field"></div>
    <div class="pay">Pay $1,249.00</div></section>`,
};

/** One page of the shop titled `title`, or a not-found page when `title` is undefined. */
export function renderShopPage(title: string | undefined): string {
  const heading = title ?? 'Not found';
  const body = (title && BODIES[title]) ?? `<section><h1>${heading}</h1></section>`;
  return `<!doctype html><html lang="en"><head><title>${heading} · Acme Shop</title><style>${STYLE}</style></head>
<body><header><strong>Acme Shop</strong><nav><a href="/cart">Cart</a><a href="/checkout">Checkout</a></nav></header>
<main>${body}<aside><h2>Order summary</h2><p><span>Espresso machine</span><span>$1,199.00</span></p><p><span>Shipping</span><span>$50.00</span></p></aside></main></body></html>`;
}
