import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { lastLinkTo } from '../../src/test/outbox.js';
import WebSocket from 'ws';
import type { Locale, ProductInBrowser } from './server-harness.js';

/**
 * The steps many browser tests take before they test anything: make a confirmed account through
 * the product's REST and tRPC endpoints (with an invoice address, with the distribution add-on),
 * open the site in a locale and width with the cookie banner answered, and log in through the
 * menu's dialog. Each test file keeps the steps that are its own.
 */

/** What these steps click, in the product's own words. */
const SITE = {
  en: { cookies: 'Necessary only', logIn: 'Log in', email: 'E-mail address', account: 'Account', openMenu: 'Open menu' },
  de: { cookies: 'Nur notwendige', logIn: 'Anmelden', email: 'E-Mail-Adresse', account: 'Konto', openMenu: 'Menü öffnen' },
} as const;

export interface ApiOptions {
  token?: string;
  json?: unknown;
  /** A plain object goes out URL-encoded (the public API's form posts), FormData as multipart. */
  form?: Record<string, string> | FormData;
}

export interface InvoiceAddress {
  streetAndNumber: string;
  zip: string;
  city: string;
  state: string;
  country: string;
}

/** The password of every account a browser test makes: one the product's password rule takes. */
export const PASSWORD = 'correct horse battery staple';

/** In Germany: VAT applies. */
export const ADDRESS_BERLIN: InvoiceAddress = { streetAndNumber: 'Hauptstraße 5', zip: '10115', city: 'Berlin', state: 'Berlin', country: 'DE' };
/** In the US: no VAT, so totals are the prices. */
export const ADDRESS_NEW_YORK: InvoiceAddress = { streetAndNumber: '1 Main Street', zip: '10001', city: 'New York', state: 'NY', country: 'US' };

/** The running product's API, as a script (not the page) calls it. */
export function productApi(product: ProductInBrowser) {
  async function api<T>(method: string, url: string, options: ApiOptions = {}): Promise<T> {
    const headers: Record<string, string> = options.token ? { Authorization: `Bearer ${options.token}` } : {};
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form instanceof FormData) {
      body = options.form;
    } else if (options.form) {
      body = new URLSearchParams(options.form);
    }
    const response = await fetch(`${product.server.baseUrl}${url}`, { method, headers, body });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /**
   * Signs up from an address of its own on the loopback network (all of 127.0.0.0/8 reaches the
   * web process): the product allows ten sign-ups an hour from one address, and the accounts a
   * file makes for its setup, with a retried test's, would otherwise use up the budget its
   * sign-ups in the browser are tested with.
   */
  function registerFromOwnAddress(form: Record<string, string>): Promise<void> {
    const source = `127.${1 + randomInt(254)}.${randomInt(256)}.${1 + randomInt(254)}`;
    const body = new URLSearchParams(form).toString();
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        `${product.server.baseUrl}/api/auth/register`,
        { method: 'POST', localAddress: source, headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => ((response.statusCode ?? 500) < 300 ? resolve() : reject(new Error(`POST /api/auth/register: ${response.statusCode} ${text}`))));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  const trpcQuery = async <T>(procedure: string, token: string, input?: unknown) =>
    (await api<{ result: { data: T } }>('GET', `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { token })).result.data;
  const trpcMutation = async <T>(procedure: string, token: string, input: unknown) =>
    (await api<{ result: { data: T } }>('POST', `/trpc/${procedure}`, { token, json: input })).result.data;

  /** Signs up (the API's form post) and confirms the address with the link of the mail in the outbox. */
  async function createAccount(email: string, password: string, name: { firstName: string; lastName: string } = { firstName: 'Ada', lastName: 'Lovelace' }): Promise<void> {
    await registerFromOwnAddress({ email, password, ...name });
    const link = await lastLinkTo(path.join(product.server.dataDir, 'outbox'), email, 'verify-email');
    await api('POST', '/api/auth/verify-email', { form: { verifyToken: link.token } });
  }

  /** The access token of a login through the API. */
  async function logIn(email: string, password: string): Promise<string> {
    return (await api<{ accessToken: string }>('POST', '/api/auth/login', { json: { email, password } })).accessToken;
  }

  async function addAddress(token: string, address: InvoiceAddress): Promise<void> {
    await trpcMutation('addresses.create', token, address);
  }

  /** Subscribes to the distribution add-on with the local gateway's accepted test card, then sets up artist, participant and label. */
  async function subscribeToDistribution(token: string): Promise<void> {
    const plan = await api<{ id: string }>('GET', '/api/payment/distribution_plan', { token });
    await api('POST', '/api/payment/distribution_subscribe', { token, json: { nonce: 'fake-valid-nonce', planId: plan.id } });
    await api('POST', '/api/distribution/setup', {
      token,
      json: { artistName: 'Ada Lovelace', artistCountry: 'DE', participantName: 'Ada Lovelace', participantPayPalEmail: 'ada@example.com', labelName: 'Lovelace Records' },
    });
  }

  /** A confirmed user, logged in through the API, with an invoice address when one is given: the access token. */
  async function customer(email: string, password: string, address?: InvoiceAddress): Promise<string> {
    await createAccount(email, password);
    const token = await logIn(email, password);
    if (address) await addAddress(token, address);
    return token;
  }

  /** A confirmed user with an invoice address in Germany, subscribed and set up for distribution: the access token. */
  async function subscriber(email: string, password: string): Promise<string> {
    const token = await customer(email, password, ADDRESS_BERLIN);
    await subscribeToDistribution(token);
    return token;
  }

  /** Uploads a WAV as the public API's clients do (POST /api/upload): the id of the track's unmastered master. */
  async function upload(token: string, wav: Buffer, name: string): Promise<string> {
    const form = new FormData();
    form.append('track', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), name);
    return (await api<{ id: string }>('POST', '/api/upload', { token, form })).id;
  }

  /**
   * Uploads a WAV, prepares it over the media socket and bounces the first enabled style,
   * as the public API's clients do: the master's id.
   */
  async function masteredTrack(token: string, wav: Buffer, name: string): Promise<string> {
    const id = await upload(token, wav, name);
    const { track } = await trpcQuery<{ track: { id: string } }>('masters.master', token, { id });
    const groups = await trpcQuery<{ styles: { id: number; enabled: boolean }[]; enabled: boolean }[]>('catalogue.styleGroups', token);
    const styleId = groups.filter((g) => g.enabled).flatMap((g) => g.styles.filter((s) => s.enabled))[0]!.id;
    const socket = new WebSocket(`ws://127.0.0.1:${product.mediaPort}/ws`);
    const messages: { event: string; payload: Record<string, unknown> }[] = [];
    socket.on('message', (data, isBinary) => {
      if (!isBinary) messages.push(JSON.parse(data.toString()) as { event: string; payload: Record<string, unknown> });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const send = (event: string, payload: unknown) => socket.send(JSON.stringify({ event, token, payload }));
    const until = async (match: (m: { event: string; payload: Record<string, unknown> }) => boolean, what: string) => {
      const deadline = Date.now() + 180_000;
      for (;;) {
        const error = messages.find((m) => m.event === 'error-message');
        if (error) throw new Error(`${what}: ${JSON.stringify(error.payload)}`);
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`${what} timed out`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      send('request-mastering', { trackId: track.id });
      await until((m) => m.event === 'prepare-mastering' && m.payload.processed === true, 'prepare-mastering');
      send('end-mastering', { styleId, trackId: track.id });
      const done = await until((m) => m.event === 'bounce-progress' && m.payload.processed === true && m.payload.styleId === styleId, 'bounce');
      return String(done.payload.masterId);
    } finally {
      socket.close();
    }
  }

  return { api, trpcQuery, trpcMutation, createAccount, logIn, addAddress, subscribeToDistribution, customer, subscriber, upload, masteredTrack };
}

export interface OpenSiteOptions {
  /** The page to open; the site root when left out. */
  at?: string;
  /** Signs the context in first: the login's refresh cookie then signs the page in. */
  signedInAs?: { email: string; password: string };
  /** Sets the language cookie too, so the server's first answer is in the locale. */
  langCookie?: boolean;
  /** False leaves the cookie banner open. */
  answerCookies?: boolean;
  /** Prints the page's uncaught errors to the test's output. */
  logPageErrors?: boolean;
  /** Runs on the new page before it loads anything (listeners that must see the first load). */
  beforeLoad?: (page: Page) => void;
  context?: BrowserContextOptions;
}

/** A new page of the product in the locale and width (its context is closed after the test), cookie banner answered "necessary only". */
export async function openSite(product: ProductInBrowser, locale: Locale, width: number, options: OpenSiteOptions = {}): Promise<Page> {
  const context = await product.newContext(locale, width, options.context);
  if (options.langCookie) await context.addCookies([{ name: 'lang', value: locale, url: product.server.baseUrl }]);
  if (options.signedInAs) {
    const login = await context.request.post('/api/auth/login', { data: options.signedInAs });
    if (!login.ok()) throw new Error(`login of ${options.signedInAs.email}: ${login.status()} ${await login.text()}`);
  }
  const page = await context.newPage();
  if (options.logPageErrors) page.on('pageerror', (error) => console.error('page error:', error.message));
  options.beforeLoad?.(page);
  await page.goto(options.at ?? '/');
  if (options.answerCookies !== false) await page.getByRole('button', { name: SITE[locale].cookies }).click();
  return page;
}

/**
 * Logs in through the menu's dialog (behind the burger on narrow screens) and waits for the page to
 * reload signed in; `waitForAccount` also waits for the menu's Account link (wide screens only).
 */
export async function logInThroughMenu(page: Page, locale: Locale, credentials: { email: string; password: string }, options: { waitForAccount?: boolean } = {}): Promise<void> {
  const t = SITE[locale];
  const nav = page.locator('nav').first();
  const burger = nav.getByRole('button', { name: t.openMenu });
  if (await burger.isVisible()) {
    await burger.click();
    await page.getByRole('button', { name: t.logIn, exact: true }).first().click();
  } else {
    await nav.getByRole('button', { name: t.logIn, exact: true }).click();
  }
  const dialog = page.getByRole('dialog', { name: t.logIn });
  await dialog.getByLabel(t.email).fill(credentials.email);
  await dialog.locator('input[autocomplete$="password"]').fill(credentials.password);
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: t.logIn, exact: true }).click()]);
  if (options.waitForAccount) await nav.getByRole('link', { name: t.account }).waitFor();
}

/**
 * A new account with one uploaded WAV, signed in through the menu at `width`, on the track's master
 * page once its analysis is done: where the player's steering tests start.
 */
export async function openNewTrackPage(product: ProductInBrowser, locale: Locale, width: number, track: { email: string; password: string; wav: Buffer; name: string }): Promise<{ page: Page; token: string }> {
  const steps = productApi(product);
  await steps.createAccount(track.email, track.password);
  const token = await steps.logIn(track.email, track.password);
  const masterId = await steps.upload(token, track.wav, track.name);
  const page = await openSite(product, locale, 1280, { langCookie: true });
  await logInThroughMenu(page, locale, { email: track.email, password: track.password }, { waitForAccount: true });
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`/masters/song/${masterId}`);
  await page.getByTestId('new-master').waitFor();
  await page.getByTestId('analyzing-overlay').waitFor({ state: 'detached', timeout: 120_000 });
  return { page, token };
}
