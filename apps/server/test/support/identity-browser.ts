import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import { waitForMail } from '../../src/modules/mail/outbox';

/** The request {@link TestBrowser} makes, as `app.inject()` takes it. */
export type InjectRequest = {
  method: 'GET' | 'POST';
  url: string;
  remoteAddress?: string;
  headers: Record<string, string>;
  payload?: string;
};

/** The answer {@link TestBrowser} reads, as `app.inject()` gives it. */
export type InjectResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  cookies: { name: string; value: string; path?: string; maxAge?: number }[];
};

/** A server to browse: a Fastify app (`inject`), or a real process over HTTP (child-server.ts). */
export type Injector = { inject(request: InjectRequest): Promise<InjectResponse> };

/** One answer of {@link TestBrowser}. */
export type BrowserResponse = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** Absolute URL of the request that produced this response. */
  url: string;
};

/**
 * A cookie-keeping "browser" over `app.inject()` for driving the identity screens: it stores
 * cookies by path, follows redirects within the server on request, and reads forms from pages.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, { value: string; path: string }>();
  /** Extra headers sent with every request (e.g. a spoofed `x-forwarded-for`). */
  readonly extraHeaders: Record<string, string> = {};

  constructor(
    private readonly app: Injector,
    private readonly publicUrl: string,
    private readonly ip = '127.0.0.1',
  ) {}

  /** GET (or POST a form to) `url`, keeping cookies; does not follow redirects. */
  async request(url: string, form?: Record<string, string>): Promise<BrowserResponse> {
    const target = new URL(url, this.publicUrl);
    const response = await this.app.inject({
      method: form ? ('POST' as const) : ('GET' as const),
      url: target.pathname + target.search,
      remoteAddress: this.ip,
      headers: {
        ...this.extraHeaders,
        host: target.host,
        cookie: this.cookieHeader(target.pathname),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.cookies) {
      const path = cookie.path ?? '/';
      const key = `${cookie.name}|${path}`;
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(key);
      else this.cookies.set(key, { value: `${cookie.name}=${cookie.value}`, path });
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body,
      url: target.href,
    };
  }

  /** Follows redirects while they stay on this server; returns the last answer or the external Location. */
  async follow(url: string, form?: Record<string, string>): Promise<BrowserResponse> {
    let response = await this.request(url, form);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops += 1) {
      const location = new URL(String(response.headers.location), response.url);
      if (!location.href.startsWith(`${this.publicUrl}/idp`)) return response;
      response = await this.request(location.href);
    }
    return response;
  }

  /** Submits the form of `page` whose action ends with `actionSuffix`, with its hidden fields plus `fields`. */
  async submit(
    page: BrowserResponse,
    actionSuffix: string,
    fields: Record<string, string>,
  ): Promise<BrowserResponse> {
    const form = findForm(page.body, actionSuffix);
    return this.follow(new URL(form.action, page.url).href, { ...form.hidden, ...fields });
  }

  private cookieHeader(pathname: string): string {
    return [...this.cookies.values()]
      .filter(
        ({ path }) =>
          pathname === path ||
          pathname.startsWith(path.endsWith('/') ? path : `${path}/`) ||
          path === '/',
      )
      .map(({ value }) => value)
      .join('; ');
  }
}

/** HTML with its character references decoded: the text a browser shows (and tests compare). */
export const decode = (value: string) =>
  value
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The action and hidden inputs of the form in `html` whose action ends with `actionSuffix`. */
export function findForm(
  html: string,
  actionSuffix: string,
): { action: string; hidden: Record<string, string> } {
  const forms = [...html.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)];
  const match = forms.find(([, action]) =>
    decode(action ?? '')
      .split('?')[0]
      ?.endsWith(actionSuffix),
  );
  if (!match) throw new Error(`No form ending in ${actionSuffix} in:\n${html}`);
  const hidden: Record<string, string> = {};
  for (const [input] of (match[2] ?? '').matchAll(/<input\b[^>]*>/g)) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(input)?.[1];
    const name = attribute('name');
    if (attribute('type') === 'hidden' && name) hidden[name] = decode(attribute('value') ?? '');
  }
  return { action: decode(match[1] ?? ''), hidden };
}

/** A PKCE verifier and its S256 challenge. */
export function createPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Client settings of an authorization request in a test. */
export type TestClient = { clientId: string; redirectUri: string };

/** The URL of an authorization-code + PKCE request, and the verifier to redeem its code. */
export function authorizationRequest(
  publicUrl: string,
  client: TestClient,
  extra: Record<string, string> = {},
): { url: string; verifier: string } {
  const pkce = createPkce();
  const params = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    ...extra,
  });
  return { url: `${publicUrl}/idp/auth?${params.toString()}`, verifier: pkce.verifier };
}

/** POSTs a form to the token endpoint as a public client would (optionally from a CORS origin). */
export async function postToken(
  app: FastifyInstance,
  form: Record<string, string>,
  origin?: string,
): Promise<{ status: number; json: Record<string, unknown>; headers: Record<string, unknown> }> {
  const response = await app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: response.statusCode, json: response.json(), headers: response.headers };
}

/** Redeems the code of a redirect to the portal's callback, as the portal does after sign-in. */
export function redeemPortalCode(
  app: FastifyInstance,
  input: { publicUrl: string; callback: BrowserResponse; verifier: string },
): ReturnType<typeof postToken> {
  return postToken(app, {
    grant_type: 'authorization_code',
    code: codeFrom(input.callback),
    client_id: PORTAL_CLIENT_ID,
    redirect_uri: `${input.publicUrl}${PORTAL_CALLBACK_PATH}`,
    code_verifier: input.verifier,
  });
}

/** The `code` of a redirect to a client's callback, failing loudly when there is none. */
export function codeFrom(response: BrowserResponse): string {
  const location = String(response.headers.location ?? '');
  const code = location ? new URL(location).searchParams.get('code') : null;
  if (!code)
    throw new Error(
      `Expected a redirect with a code, got ${response.status} ${location}\n${response.body.slice(0, 2000)}`,
    );
  return code;
}

/**
 * Opens the sign-up screen of a portal authorization request and submits it; returns the answer
 * ("Check your e-mail" when it worked) and the request's PKCE verifier.
 */
export async function submitSignUp(
  browser: TestBrowser,
  input: { publicUrl: string; email: string; password: string; extra?: Record<string, string> },
): Promise<{ answer: BrowserResponse; verifier: string }> {
  const client = {
    clientId: PORTAL_CLIENT_ID,
    redirectUri: `${input.publicUrl}${PORTAL_CALLBACK_PATH}`,
  };
  const request = authorizationRequest(
    input.publicUrl,
    client,
    input.extra ?? { prompt: 'create' },
  );
  const signUpPage = await browser.follow(request.url);
  if (!signUpPage.body.includes('Sign Up for Waymark'))
    throw new Error(`Not the sign-up screen:\n${signUpPage.body}`);
  const answer = await browser.submit(signUpPage, '/signup', {
    email: input.email,
    firstName: 'Ann',
    lastName: 'Lee',
    password: input.password,
  });
  return { answer, verifier: request.verifier };
}

/**
 * Signs up on the sign-up screen of a portal authorization request and opens the verification
 * link from the file outbox in the same browser; returns that last answer (the redirect to the
 * portal callback, carrying the code) and the PKCE verifier.
 */
export async function signUpByMail(
  browser: TestBrowser,
  input: {
    publicUrl: string;
    outbox: string;
    email: string;
    password: string;
    extra?: Record<string, string>;
  },
): Promise<{ callback: BrowserResponse; verifier: string; link: string }> {
  const { answer, verifier } = await submitSignUp(browser, input);
  if (!answer.body.includes('Check your e-mail'))
    throw new Error(`Sign-up failed:\n${answer.body}`);
  const mail = await waitForMail(input.outbox, input.email, { subject: /Verify your e-mail/ });
  const link = mail.links.find((url) => url.includes('/verify?token=')) ?? '';
  return { callback: await browser.follow(link), verifier, link };
}
