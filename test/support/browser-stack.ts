import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TEST_PASSWORD } from './accounts';
import { watchBrowserForCspViolations } from './csp-violations';
import { startTestStack, type TestStack } from './test-stack';
import type { ServiceName } from '@app/contracts';

const REPO = join(__dirname, '..', '..');
export const WEB_DIST = join(REPO, 'web', 'dist');
export const CHROMIUM = '/usr/bin/chromium';

/** The flags a headless Debian chromium needs here (no sandbox as root, no background traffic). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface BrowserStack {
  stack: TestStack;
  browser: Browser;
  /** where the gateway serves the built web app and the API */
  baseUrl: string;
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
  return { stack, browser, baseUrl };
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
 * A full-page screenshot named `name` into the folder `SCREENSHOTS` names, when it is set
 * (`SCREENSHOTS=/tmp/shots make test`: pictures of every screen a browser test passes, to look at).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
}
