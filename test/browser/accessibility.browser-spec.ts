import { DEMO_ACCOUNTS, DEMO_ORDERS, DEMO_PASSWORD, DEMO_SALES_PEOPLE, DEMO_STYLE_GUIDE_ID } from '@app/seeding';
import { SERVICE_NAMES } from '@app/contracts';
import { waitFor } from '@app/testing';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../delivery/destinations';
import { axeFindings, demoPicturesStored, describeFindings, signIn as apiSignIn, startBrowserStack, submitSignInForm, type TestStack, type UserSession } from '../support';

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
const order = (name: string) => DEMO_ORDERS.find((o) => o.orderName.startsWith(name))!;
const GOLF = order('VW Golf');
const TESLA = order('Tesla');
const PEUGEOT = order('Peugeot');
const DEALER = DEMO_ACCOUNTS.dealer;
const ANNA = DEMO_SALES_PEOPLE[0];

/** the little of the page's globals used here (this project's TypeScript has no DOM types) */
interface PageGlobals {
  document: { getAnimations(): Array<{ playState: string }> };
  history: { pushState(state: unknown, title: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string) => unknown;
}

/**
 * axe-core (WCAG 2.0/2.1 A and AA and axe's best practices) on every screen of every role in
 * Debian's chromium, against the whole product booted once with the demo data of `make dev`:
 * orders with pictures, the demo style guide, dashboards with numbers, a delivery waiting in
 * the queue. Each role signs in and opens its screens, the lists at 1440 and 390 px (cards on
 * phones), and the main dialogs it works in: create order, the image editing modal, the style
 * guide builder, integration settings, delete confirmations. A serious or critical finding
 * fails the role's test, listed with the screen, rule id, element and axe's summary.
 */
describe('accessibility of every screen in chromium (axe-core)', () => {
  let stack: TestStack;
  let browser: Browser;
  let baseUrl: string;
  let admin: UserSession;
  let teslaImage: string;
  const started = Date.now();

  beforeAll(async () => {
    // The pipeline stays off: the screens show the stored pictures either way, and its burst
    // would only slow a busy machine.
    const services = SERVICE_NAMES.filter((name) => name !== 'pipeline');
    ({ stack, browser, baseUrl } = await startBrowserStack('browser-a11y', {
      SEED_DEMO_DATA: 'true',
      RPC_TIMEOUT_MS: '20000',
      DELIVERY_POLL_MS: '300',
      // a failed attempt waits 10 min for its retry: it stays in the queue to be looked at
      DELIVERY_RETRY_DELAY_MS: '600000',
      OUTBOUND_ALLOW: '127.0.0.1',
    }, services));
    await demoPicturesStored(stack, 120_000, 300);
    admin = await waitFor(() => apiSignIn(stack, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD).catch(() => null), 'the demo admin seeded', 60_000, 300);
    teslaImage = ((await admin.get(`/api/images/order/${TESLA.id}`).expect(200)).body as Array<{ id: string }>)[0]!.id;
    // a delivery to a closed port: it waits in the admin's queue with its error
    const closed = await freePort();
    const integration = (
      await admin
        .post('/api/remote-integration')
        .send({ provider: 'DEALER_FTP', isActive: true, userId: DEALER.id, Username: 'nordic', Password: 'Ftp-Pass-2026!', settings: { host: '127.0.0.1', port: closed, path: '/' } })
        .expect(201)
    ).body as { id: string };
    await admin.post(`/api/orders/enqueue-order-delivery-by-id/${GOLF.id}`).send({ selectedIntegrations: [{ id: integration.id }] }).expect(200);
    await waitFor(
      async () => ((await admin.get(`/api/order-delivery-messages?orderId=${GOLF.id}`).expect(200)).body[1] as number) > 0,
      'the delivery in the queue',
      30_000,
      200,
    );
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    console.log(`accessibility: ${timings.length} screens and dialogs checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (process.env.A11Y_TIMINGS) console.log(timings.map(([w, a, b]) => `${w}: settle ${a} ms, axe ${b} ms`).join('\n'));
  });

  /** A page of its own for one role, signed in through the form (kept for the role's later tests). */
  const pages = new Map<string, Page>();
  async function signedIn(email: string | null): Promise<Page> {
    const kept = pages.get(email ?? '');
    if (kept) return kept;
    const context = await browser.newContext({ viewport: WIDE, reducedMotion: 'reduce' });
    context.setDefaultTimeout(45_000);
    const page = await context.newPage();
    if (email) {
      await submitSignInForm(page, baseUrl, email, DEMO_PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    }
    pages.set(email ?? '', page);
    return page;
  }

  /** Waits until the screen has its data and nothing moves: no request on its way, no skeleton, no transition running. */
  async function settled(page: Page): Promise<void> {
    await page.waitForLoadState('networkidle');
    await page.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    // functions, not strings, in the page: Playwright runs a string through eval(), which the CSP refuses
    await page
      .waitForFunction(() => (globalThis as unknown as PageGlobals).document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 })
      .catch(() => undefined);
  }

  const timings: Array<[string, number, number]> = [];
  /** Collects what axe finds on the page as it is now, named by where it is. */
  async function check(page: Page, where: string, into: string[]): Promise<void> {
    const t0 = Date.now();
    await settled(page);
    const t1 = Date.now();
    const width = page.viewportSize()?.width ?? 0;
    let found = describeFindings(`${where} @${width}px`, await axeFindings(page));
    if (found.length) {
      // a control caught between two states (a button turning enabled as its data arrives) is
      // not what a user reads: what stays after the page settled again is what counts
      await settled(page);
      const again = new Set(describeFindings(`${where} @${width}px`, await axeFindings(page)));
      found = found.filter((f) => again.has(f));
    }
    into.push(...found);
    timings.push([`${where} @${width}`, t1 - t0, Date.now() - t1]);
  }

  /**
   * Opens a screen as the app's own links do (the router follows the history: no reload, so
   * axe stays loaded and a busy machine is spared parsing the app again), then checks it.
   */
  async function open(page: Page, path: string, shows: 'screen' | 'dialog' = 'screen'): Promise<void> {
    if (!page.url().startsWith(baseUrl)) {
      await page.goto(`${baseUrl}${path}`);
    } else {
      // a screen opened as a dialog (the image editing modal) is left as a user leaves it
      if (await page.getByRole('dialog').count()) {
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').first().waitFor({ state: 'detached' });
      }
      await page.evaluate((to) => {
        const w = globalThis as unknown as PageGlobals;
        w.history.pushState({}, '', to);
        w.dispatchEvent(new w.PopStateEvent('popstate'));
      }, path);
    }
    // a dialog hides the screen beneath it from assistive technology (aria-hidden), its heading too
    if (shows === 'dialog') await page.getByRole('dialog').first().waitFor();
    else await page.getByRole('heading', { level: 1 }).first().waitFor();
  }

  async function visit(page: Page, path: string, into: string[], where = path, shows: 'screen' | 'dialog' = 'screen'): Promise<void> {
    await open(page, path, shows);
    await check(page, where, into);
  }

  /** A list at 390 px, where it shows as cards, then at 1440 px (a table). */
  async function visitList(page: Page, path: string, into: string[], where = path): Promise<void> {
    await page.setViewportSize(NARROW);
    await visit(page, path, into, where);
    await page.setViewportSize(WIDE);
    await check(page, where, into);
  }

  async function dialog(page: Page, openIt: () => Promise<void>, where: string, into: string[]): Promise<void> {
    await openIt();
    await page.getByRole('dialog').first().waitFor();
    await check(page, where, into);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  }

  it('signed-out screens', async () => {
    const found: string[] = [];
    const page = await signedIn(null);
    for (const path of ['/auth/login', '/forget-password', '/status']) {
      await page.goto(`${baseUrl}${path}`);
      await visitList(page, path, found);
    }
    expect(found).toEqual([]);
  }, 300_000);

  it('the admin: dashboard, orders, an order and its pictures, sales people, account', async () => {
    const found: string[] = [];
    const page = await signedIn(DEMO_ACCOUNTS.admin.email);
    await visit(page, '/dashboard', found, 'admin dashboard');
    await visitList(page, '/orders', found);
    await visit(page, `/order/${GOLF.id}`, found, 'order with a delivery');
    await visit(page, `/order/${PEUGEOT.id}`, found, 'order of a dealership without integrations');
    await visit(page, `/order/${TESLA.id}`, found, 'order waiting for QA');
    await visit(page, `/order/${GOLF.id}/videos`, found, 'order videos');
    await visit(page, `/order/${GOLF.id}/360`, found, 'order 360s');
    await visit(page, `/order/${GOLF.id}/progress`, found, 'order progress');
    await visit(page, `/order/${TESLA.id}/select/${teslaImage}`, found, 'image editing modal', 'dialog');
    await visit(page, `/editing-page/${TESLA.id}/${teslaImage}`, found, 'editing page', 'dialog');
    await visitList(page, '/editing-page', found, 'QA list');
    await visit(page, '/editor-list', found);
    await visitList(page, `/salesmen?account=${DEALER.id}`, found, 'sales people');
    await visit(page, `/salesmen/${ANNA.id}`, found, 'sales person');
    await visit(page, '/account', found);
    await visit(page, '/account/settings', found);
    await visit(page, '/no-such-screen', found, 'not found');
    expect(found).toEqual([]);
  }, 600_000);

  it('the admin: style guides and the builder, admin lists and their dialogs, delivery queue', async () => {
    const found: string[] = [];
    const page = await signedIn(DEMO_ACCOUNTS.admin.email);
    await visit(page, '/admin', found);
    await visitList(page, '/admin/style-guides-v2', found);
    await dialog(page, () => page.getByRole('button', { name: /^Delete / }).first().click(), 'delete style guide confirmation', found);
    await visit(page, '/create-style-guide-v2', found, 'style guide builder (new)');
    await visit(page, `/style-guide-v2/${DEMO_STYLE_GUIDE_ID}`, found, 'style guide builder (demo guide)');
    // each list's create dialog; the edit dialog of a row where the demo data has rows
    for (const [path, create, rows] of [
      ['/admin/car-types', 'Create car type', true],
      ['/admin/angles', 'Create angle', true],
      ['/admin/app-versions', 'Create app version', false],
      ['/admin/tags', 'Create tag', false],
      ['/admin/banners', 'Create banner', false],
    ] as const) {
      await visitList(page, path, found);
      await dialog(page, () => page.getByRole('button', { name: create }).click(), `${path}: create dialog`, found);
      if (rows) await dialog(page, () => page.locator('.MuiDataGrid-row').first().click(), `${path}: edit dialog`, found);
    }
    await visitList(page, '/admin/app-settings', found);
    await dialog(page, () => page.getByRole('button', { name: /^Edit / }).first().click(), 'app setting dialog', found);
    await visitList(page, '/admin/order-delivery-message', found, 'delivery queue');
    await dialog(page, () => page.getByRole('button', { name: /^Remove / }).first().click(), 'delivery queue: remove confirmation', found);
    expect(found).toEqual([]);
  }, 600_000);

  it('the admin: customers, a new account, the profile tabs, integration settings', async () => {
    const found: string[] = [];
    const page = await signedIn(DEMO_ACCOUNTS.admin.email);
    await visitList(page, '/customers', found);
    await visit(page, '/create-account', found);
    for (const tab of ['', '/orders', '/events', '/statistics', '/settings', '/styleguides', '/child-accounts', '/permissions', '/integrations']) {
      await visit(page, `/profile/${DEALER.id}${tab}`, found, `profile${tab}`);
    }
    await dialog(page, () => page.getByRole('button', { name: 'Settings' }).first().click(), 'integration settings', found);
    await dialog(page, () => page.getByRole('button', { name: 'Add integration' }).click(), 'add integration', found);
    await visit(page, `/profile/${DEMO_ACCOUNTS.manager.id}/child-accounts`, found, 'child accounts of management');
    expect(found).toEqual([]);
  }, 600_000);

  it('QA: the editor and the coordinator', async () => {
    const found: string[] = [];
    const editor = await signedIn(DEMO_ACCOUNTS.qaEditor.email);
    await visit(editor, '/dashboard', found, 'QA editor: dashboard');
    await visitList(editor, '/orders', found, 'QA editor: orders');
    await visitList(editor, '/editing-page', found, 'QA editor: QA list');
    await visit(editor, `/order/${TESLA.id}/select/${teslaImage}`, found, 'QA editor: image editing modal', 'dialog');
    const coordinator = await signedIn(DEMO_ACCOUNTS.qaCoordinator.email);
    await visit(coordinator, '/dashboard', found, 'QA coordinator: dashboard');
    await visitList(coordinator, '/editing-page?list=coordinator', found, 'QA coordinator: QA list');
    expect(found).toEqual([]);
  }, 600_000);

  it('management', async () => {
    const found: string[] = [];
    const page = await signedIn(DEMO_ACCOUNTS.manager.email);
    await visit(page, '/dashboard', found, 'management: dashboard');
    await visitList(page, '/orders', found, 'management: orders');
    await visitList(page, '/salesmen', found, 'management: sales people');
    expect(found).toEqual([]);
  }, 600_000);

  it('the dealership and its sales person: dashboard, orders, creator, order, sales people', async () => {
    const found: string[] = [];
    const page = await signedIn(DEALER.email);
    await visit(page, '/dashboard', found, 'dealership: dashboard');
    await visitList(page, '/orders', found, 'dealership: orders');
    await visit(page, '/create-order', found, 'creator without a guide');
    await page.getByRole('combobox', { name: /^Style guide/ }).click();
    await page.getByRole('option').first().click();
    await check(page, 'creator with the demo guide', found);
    await visit(page, `/order/${GOLF.id}`, found, 'dealership: order');
    await visitList(page, '/salesmen', found, 'dealership: sales people');
    await dialog(page, () => page.getByRole('button', { name: 'Add sales person' }).first().click(), 'new sales person dialog', found);
    const anna = await signedIn(ANNA.email);
    await visit(anna, '/dashboard', found, 'sales person: dashboard');
    await visitList(anna, '/orders', found, 'sales person: orders');
    await visit(anna, '/create-order', found, 'sales person: creator');
    expect(found).toEqual([]);
  }, 600_000);
});
