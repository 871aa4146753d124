import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { TEST_PASSWORD } from './accounts';
import { watchBrowserForCspViolations } from './csp-violations';
import { startTestStack, type TestStack } from './test-stack';
import type { ServiceName } from '@app/contracts';

const REPO = join(__dirname, '..', '..');
export const WEB_DIST = join(REPO, 'web', 'dist');
export const CHROMIUM = '/usr/bin/chromium';

/** The flags a headless Debian chromium needs here (no sandbox as root, no background traffic). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** How a page of its own is opened: its window size, how long its waits last, whether it takes downloads. */
export interface PageOptions {
  viewport?: { width: number; height: number };
  /** the default timeout of the page's waits and actions (20 s when left out) */
  timeoutMs?: number;
  acceptDownloads?: boolean;
}

export interface BrowserStack {
  stack: TestStack;
  browser: Browser;
  /** where the gateway serves the built web app and the API */
  baseUrl: string;
  /** a page in a browser context of its own (no cookies or storage shared with other pages), 1440 × 900 unless `viewport` says otherwise */
  newPage(options?: PageOptions): Promise<Page>;
  /** `newPage`, then signed in as `email` through the form, once the app is at `landing` (anywhere outside the sign-in pages when left out) */
  signedInPage(email: string, options?: PageOptions & { password?: string; landing?: RegExp }): Promise<Page>;
  /** closes every page's context, the browser and the stack */
  close(): Promise<void>;
}

/**
 * The stack booted in-process serving the built web app, and Debian's chromium, for browser
 * tests (`env`: more environment for the services, e.g. `SEED_DEMO_DATA`). Fails at once with
 * the fix when the web app is not built or chromium is missing. `services`: only these (all when left out). Every page of the browser is
 * watched for Content-Security-Policy violations, which fail the test (csp-violations.ts).
 */
export async function startBrowserStack(label: string, env: Record<string, string> = {}, services?: readonly ServiceName[]): Promise<BrowserStack> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('web/dist has no build: run "npm run build:web" first (make test does)');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (make test does)`);
  const [stack, browser] = await Promise.all([
    startTestStack({ label, env: { ...env, WEB_DIST }, ...(services ? { services } : {}) }),
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }).then(watchBrowserForCspViolations),
  ]);
  const baseUrl = `http://127.0.0.1:${(stack.gateway.getHttpServer().address() as AddressInfo).port}`;
  const contexts: BrowserContext[] = [];
  const newPage = async ({ viewport = { width: 1440, height: 900 }, timeoutMs = 20_000, acceptDownloads }: PageOptions = {}): Promise<Page> => {
    const context = await browser.newContext({ viewport, ...(acceptDownloads ? { acceptDownloads } : {}) });
    context.setDefaultTimeout(timeoutMs);
    // a page load fetches and parses the whole app: with both cores taken by two test files it
    // has taken over 20 s, so navigations get a longer cap than waits for one element
    context.setDefaultNavigationTimeout(Math.max(timeoutMs, 60_000));
    contexts.push(context);
    return context.newPage();
  };
  return {
    stack,
    browser,
    baseUrl,
    newPage,
    async signedInPage(email, { password, landing, ...options } = {}) {
      const page = await newPage(options);
      await submitSignInForm(page, baseUrl, email, password);
      await page.waitForURL(landing ?? ((url) => !url.pathname.startsWith('/auth')));
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      await stack.close();
    },
  };
}

/**
 * Fills and submits the sign-in form as a person does (Enter submits). Waits for the form to
 * be there, not for what follows: callers check where the app goes.
 */
export async function submitSignInForm(page: Page, baseUrl: string, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Password/).press('Enter');
}

/**
 * The first sign-in on a temporary password, from the screen that asks for a new one: types
 * `password` twice, saves, and waits for the orders list the app lands on.
 */
export async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Repeat the new password/).fill(password);
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
}

/**
 * A full-page screenshot named `name` into the folder `SCREENSHOTS` names, when it is set
 * (`SCREENSHOTS=/tmp/shots make test`: pictures of every screen a browser test passes, to look at).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The browser stack of a describe block: booted before its first test (`beforeAll`), every
 * page, the browser and the stack closed after its last (`afterAll`). Call it first in the
 * block; what it answers stands for the booted `BrowserStack` (`web.stack`, `web.baseUrl`,
 * `web.newPage()`) in hooks and tests. Read before the boot, it throws.
 */
export function useBrowserStack(label: string, env: Record<string, string> = {}, services?: readonly ServiceName[]): BrowserStack {
  let booted: BrowserStack | undefined;
  beforeAll(async () => {
    booted = await startBrowserStack(label, env, services);
  }, 120_000);
  afterAll(async () => {
    await booted?.close();
  });
  return new Proxy({} as BrowserStack, {
    get(_target, key) {
      if (!booted) throw new Error(`the ${label} browser stack is not booted yet: use it in a hook or a test`);
      return Reflect.get(booted, key, booted);
    },
  });
}
