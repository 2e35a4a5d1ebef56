import { expect } from '@playwright/test';
import { createAdmin } from './support/admin-org';
import { expectNoAxeViolations } from './support/axe';
import { test } from './support/fixtures';
import { recordViolations } from './support/csp-violations';

// Issue 24: the portal's Content-Security-Policy has a script-src (this server, the inline
// scripts of its own index.html by hash, Stripe.js). Checked in the browser: the whole portal
// walk raises no violation; with the server on Stripe, the Payment Method dialog loads Stripe.js
// and mounts its frame; a script injected from elsewhere, or inline, is refused.

/** A stand-in for Stripe.js: just enough for @stripe/react-stripe-js to mount its elements. */
const STRIPE_JS_STANDIN = `
window.Stripe = function () {
  var element = function (type) {
    return {
      mount: function (node) {
        var frame = document.createElement('iframe');
        frame.title = 'Secure ' + type + ' input frame';
        frame.src = 'https://js.stripe.com/v3/elements-inner-' + type + '.html';
        (typeof node === 'string' ? document.querySelector(node) : node).appendChild(frame);
      },
      on: function () { return this; }, off: function () { return this; },
      once: function () { return this; }, update: function () {},
      unmount: function () {}, destroy: function () {},
    };
  };
  return {
    elements: function () {
      return { create: element, getElement: function () { return null; }, update: function () {},
        fetchUpdates: function () { return Promise.resolve({}); },
        submit: function () { return Promise.resolve({}); } };
    },
    createToken: function () {}, createPaymentMethod: function () {},
    confirmCardPayment: function () {}, handleNextAction: function () {},
    registerAppInfo: function () {}, _registerWrapper: function () {},
  };
};`;

test('portal CSP: scripts from this server and Stripe only, none inline but its own', async ({
  browser,
  serverUrl,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const violations = await recordViolations(page);
  await createAdmin(page, serverUrl, request);

  const landing = await page.goto(`${serverUrl}/client/home/product-info`);
  const csp = landing?.headers()['content-security-policy'] ?? '';
  // The landing page is pre-rendered with no inline script, so its policy names no hash (issue 34).
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')* https:\/\/js\.stripe\.com/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);

  // The server on Stripe, as the portal sees it: Stripe.js (stood in) loads and mounts a frame.
  await page.route(`${serverUrl}/api/stripe/getPaymentConfig`, (route) =>
    route.fulfill({ json: { gateway: 'stripe', publishableKey: 'pk_test_standin' } }),
  );
  await page.route('https://js.stripe.com/**', (route) =>
    route.request().resourceType() === 'script'
      ? route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS_STANDIN })
      : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>card</title>' }),
  );
  await page.goto(`${serverUrl}/client/app/account`);
  await page
    .getByRole('region', { name: 'Payment Method' })
    .getByRole('button', { name: 'Add Payment Method' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Payment Method' });
  const frame = dialog.locator('iframe[title="Secure payment input frame"]');
  await expect(frame).toHaveCount(1);
  await expect
    .poll(async () => (await frame.elementHandle())?.contentFrame().then((f) => f?.title()))
    .toBe('card');
  expect(await violations()).toEqual([]);
  await expectNoAxeViolations(page, 'Payment Method dialog (Stripe stand-in)');

  // Anything else is refused: a script from another origin, an inline script.
  await page.route('https://evil.example/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.evilRan = true;' }),
  );
  await page.evaluate(() => {
    const remote = document.createElement('script');
    remote.src = 'https://evil.example/x.js';
    document.head.append(remote);
    const inline = document.createElement('script');
    inline.textContent = 'window.inlineRan = true;';
    document.head.append(inline);
  });
  await expect
    .poll(violations)
    .toEqual(['script-src-elem https://evil.example/x.js', 'script-src-elem inline']);
  expect(await page.evaluate(() => 'evilRan' in window || 'inlineRan' in window)).toBe(false);
  await context.close();
});
