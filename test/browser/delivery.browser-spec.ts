import { DEMO_ACCOUNTS, DEMO_ORDERS, DEMO_PASSWORD } from '@app/seeding';
import { waitFor } from '@app/testing';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { freePort, startFtpServer, type TestFtpServer } from '../delivery/destinations';
import { screenshot, signIn as apiSignIn, startBrowserStack, type BrowserStack, type TestStack, type UserSession } from '../support';

/**
 * Delivery end to end in Debian's chromium against the whole product booted in-process with
 * the demo data of `make dev`, and an FTP server (ftp-srv) the test starts on a free port.
 * The admin adds an FTP integration to the demo dealership on its profile's integrations tab,
 * sets its folder and output rules (seeing the files a sample order would get), saves and tests
 * the connection; approves the demo's order waiting in QA, delivers it from the order header,
 * watches it go Delivering then Completed with its receipt and timeline line, and the FTP
 * folder holds exactly the files the rules name. A delivery to a closed port shows in the
 * admin's delivery queue with its error; made visible it is tried again, and it can be removed.
 * On a phone, the admin switches automatic delivery on for an integration and the demo
 * dealership (holding READ_USER_INTEGRATIONS) delivers its own order from the order header.
 * `SCREENSHOTS=/some/dir` keeps pictures of the screens on the way.
 */

const FTP_USER = 'nordic-photos';
const FTP_PASSWORD = 'Ftp-Pass-2026!';
const FOLDER = '/incoming/nordic';
const TESLA = DEMO_ORDERS.find((o) => o.orderName === 'Tesla Model 3 – EV 77 001')!;
const GOLF = DEMO_ORDERS.find((o) => o.orderName === 'VW Golf 8 GTI – WD 12 345')!;
const BMW = DEMO_ORDERS.find((o) => o.orderName === 'BMW X5 xDrive – BX 55 500')!;
const DEALER = DEMO_ACCOUNTS.dealer;

describe('delivery to an FTP server in chromium', () => {
  let stack: TestStack;
  let web: BrowserStack;
  let baseUrl: string;
  let ftp: TestFtpServer;
  let admin: UserSession;

  beforeAll(async () => {
    [web, ftp] = await Promise.all([
      // generous timeouts for a loaded machine; a failed attempt waits 10 min for its retry, so the queue can be looked at
      startBrowserStack('browser-delivery', {
        SEED_DEMO_DATA: 'true',
        RPC_TIMEOUT_MS: '20000',
        DELIVERY_POLL_MS: '300',
        DELIVERY_TEST_TIMEOUT_MS: '30000',
        DELIVERY_TIMEOUT_MS: '120000',
        DELIVERY_RETRY_DELAY_MS: '600000',
        // the FTP server listens on the loopback: allowed here explicitly (the default refuses it)
        OUTBOUND_ALLOW: '127.0.0.1',
      }),
      startFtpServer({ user: FTP_USER, password: FTP_PASSWORD }),
    ]);
    ({ stack, baseUrl } = web);
    admin = await waitFor(() => apiSignIn(stack, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD).catch(() => null), 'the demo admin seeded', 60_000, 500);
  }, 120_000);

  afterAll(async () => {
    await web?.close();
    await ftp?.close();
  });

  const signedIn = (email: string, viewport = { width: 1440, height: 900 }): Promise<Page> =>
    web.signedInPage(email, { viewport, timeoutMs: 45_000, password: DEMO_PASSWORD, landing: /\/orders/ });

  const toast = (page: Page) => page.getByTestId('toast-main');
  /** Waits for the toast to say this; a timeout names what the toasts said meanwhile. */
  const untilToast = async (page: Page, text: string) => {
    const seen = new Set<string>();
    await waitFor(
      async () => {
        const now = (await toast(page).textContent({ timeout: 1000 }).catch(() => null)) ?? '';
        if (now) seen.add(now);
        return now === text;
      },
      `the toast "${text}"`,
      60_000,
      100,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; toasts seen: ${[...seen].join(' | ') || 'none'}`);
    });
  };
  const statusOf = (page: Page) => page.getByTestId('order-header').getByRole('combobox', { name: 'Status', exact: true }).textContent();
  const queueRow = (page: Page, orderName: string): Locator => page.getByRole('row').filter({ hasText: orderName });
  const cell = (row: Locator, field: string) => row.locator(`[data-field="${field}"]`);

  it('the admin sets up an FTP integration with output rules, delivers an order to it and finds exactly those files on the server', async () => {
    const page = await signedIn(DEMO_ACCOUNTS.admin.email);

    // the demo dealership's profile, through the customers list, on the integrations tab
    await page.getByTestId('header-menu').getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('row').filter({ hasText: DEALER.displayName }).first().click();
    await page.waitForURL(`${baseUrl}/profile/${DEALER.id}**`);
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await page.waitForURL(`${baseUrl}/profile/${DEALER.id}/integrations`);
    await page.getByText('No integrations yet').waitFor();

    // add an FTP server with its login
    await page.getByRole('button', { name: 'Add integration' }).click();
    const add = page.getByRole('dialog', { name: 'Add integration' });
    await add.getByRole('combobox', { name: /^Provider/ }).click();
    await page.getByRole('option', { name: 'FTP server', exact: true }).click();
    await add.getByLabel(/^User name/).fill(FTP_USER);
    await add.getByLabel(/^Password/).fill(FTP_PASSWORD);
    await screenshot(page, 'delivery-add-integration');
    await add.getByRole('button', { name: 'Create' }).click();
    await add.waitFor({ state: 'detached' });
    const card = page.getByTestId('integration-GENERIC_FTP');
    await card.waitFor();
    expect(await card.textContent()).toContain(`User name: ${FTP_USER}`);
    expect(await card.getByText('A password is stored').count()).toBe(1);
    expect(await card.getByTestId('integration-destination').textContent()).toBe('No destination set yet: open Settings');

    // its connection and output rules; the preview follows what is typed
    await card.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings of FTP server' });
    await settings.getByLabel(/^Host/).fill('127.0.0.1');
    await settings.getByLabel(/^Port/).fill(String(ftp.port));
    await settings.getByLabel(/^Folder/).fill(FOLDER);
    const preview = settings.getByTestId('delivery-preview');
    const previewed = () => preview.locator('li').allTextContents();
    // the defaults: every position of the sample order as JPEG
    expect((await previewed()).slice(0, 2)).toEqual(['Volvo XC60 2026-1.jpg', 'Volvo XC60 2026-2.jpg']);
    await settings.getByLabel(/^Positions, in order/).fill('4, 1, 3');
    await settings.getByLabel(/^At most this many files/).fill('2');
    await settings.getByLabel(/^Width \(px\)/).fill('800');
    await settings.getByRole('combobox', { name: /^Format/ }).click();
    await page.getByRole('option', { name: 'PNG', exact: true }).click();
    await settings.getByLabel(/^File name pattern/).fill('{orderName} {angle} {index}');
    await waitFor(async () => (await previewed()).join('|') === 'Volvo XC60 2026 Rear left 1.png|Volvo XC60 2026 Front 2.png', 'the preview of the rules', 20_000, 100);
    await screenshot(page, 'delivery-integration-settings');
    await settings.getByRole('button', { name: 'Save' }).click();
    await untilToast(page, 'Integration updated');
    await settings.waitFor({ state: 'detached' });
    // the card says where it delivers now
    await waitFor(async () => (await card.getByTestId('integration-destination').textContent()) === `Delivers to ftp://127.0.0.1:${ftp.port}${FOLDER}`, 'the destination on the card', 30_000, 100);

    // test connection: the server is reached with the stored login; the folder, not there yet, is no failure
    await card.getByRole('button', { name: 'Test connection' }).click();
    const result = card.getByTestId('test-connection-result');
    await result.waitFor({ timeout: 45_000 });
    expect(await result.textContent()).toBe(`Connected: Logged in to ftp://127.0.0.1:${ftp.port}${FOLDER}; the folder /incoming does not exist yet: the first delivery makes it`);
    await screenshot(page, 'delivery-integrations-tab');

    // the demo's order waiting for QA, once the pipeline processed its pictures
    await waitFor(async () => (await admin.get(`/api/orders/${TESLA.id}`).expect(200)).body.processedImagesCount === TESLA.positions.length, 'the demo order processed', 240_000, 1000);
    await page.getByTestId('header-menu').getByRole('link', { name: 'Orders' }).click();
    await page.locator(`tr[data-id="${TESLA.id}"]`).getByText(TESLA.orderName).click();
    await page.waitForURL(`${baseUrl}/order/${TESLA.id}`);
    expect(await statusOf(page)).toBe('QA stage');

    // approved (its pictures are not yet, so the admin confirms)
    await page.getByTestId('order-header').getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve the order?' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await waitFor(async () => (await statusOf(page)) === 'Ready to download', 'Ready to download', 30_000, 100);

    // the header's delivery dropdown offers the account's active integration
    const controls = page.getByTestId('delivery-controls');
    await controls.getByRole('combobox', { name: 'Integrations' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    expect(await options.allTextContents()).toEqual(['FTP server']);
    await options.first().click();
    await screenshot(page, 'delivery-order-dropdown');
    await page.keyboard.press('Escape');
    expect(await controls.getByRole('combobox', { name: 'Integrations' }).textContent()).toBe('FTP server');

    // the FTP server answers slowly, so the delivery is seen on its way
    const release = ftp.holdLogins();
    await controls.getByRole('button', { name: 'Deliver' }).click();
    try {
      await waitFor(async () => (await statusOf(page)) === 'Delivering', 'Delivering', 30_000, 100);
      const deliveries = page.getByTestId('deliveries-card');
      await waitFor(async () => (await deliveries.getByTestId('delivery-row').first().textContent())?.includes('Delivering') ?? false, 'the delivery on its way', 30_000, 100);

      // the admin's queue shows the message while it is delivered
      const queue = await signedIn(DEMO_ACCOUNTS.admin.email);
      await queue.goto(`${baseUrl}/admin/order-delivery-message`);
      const row = queueRow(queue, TESLA.orderName);
      await row.waitFor();
      expect(await cell(row, 'state').textContent()).toBe('Delivering');
      expect(await cell(row, 'provider').textContent()).toBe('FTP server');
      expect(await cell(row, 'attempts').textContent()).toBe('1');
      await screenshot(queue, 'delivery-queue-delivering');
      await queue.context().close();
    } finally {
      release();
    }

    // Completed, with where it went and the files, and the DELIVERED line on the timeline
    await waitFor(async () => (await statusOf(page)) === 'Completed', 'Completed', 90_000, 200);
    const receipt = page.getByTestId('delivery-receipt');
    await receipt.waitFor();
    const expected = [`${TESLA.orderName} Rear left 3-4 1.png`, `${TESLA.orderName} Front left 3-4 2.png`];
    expect(await receipt.locator('p').first().textContent()).toMatch(new RegExp(`^Delivered to ftp://127\\.0\\.0\\.1:${ftp.port}${FOLDER} at \\d{4}-.* · by the delivery service$`));
    // the server's last answer, said once
    expect(await receipt.locator('span').last().textContent()).toMatch(/^250 [^\d]/);
    const listed = await receipt.locator('li').allTextContents();
    expect(listed.map((l) => l.replace(/ \([\d.]+ KB\)$/, ''))).toEqual(expected);
    const delivered = page.getByTestId('timeline').locator('[data-event="DELIVERED"]').first();
    await delivered.waitFor();
    expect(await delivered.textContent()).toMatch(new RegExp(`^DeliveredFTP server · ftp://127\\.0\\.0\\.1:${ftp.port}${FOLDER}\\d{4}-`));
    await screenshot(page, 'delivery-order-completed');

    // the FTP folder holds exactly those files, PNG within 800 px
    const folder = join(ftp.root, FOLDER);
    expect(readdirSync(folder).sort()).toEqual([...expected].sort());
    for (const name of expected) {
      const meta = await sharp(readFileSync(join(folder, name))).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeLessThanOrEqual(800);
    }
  }, 600_000);

  it('a delivery to a closed port waits in the queue with its error; made visible it is tried again; removed after confirming, it is gone', async () => {
    const closed = await freePort();
    const failing = (
      await admin
        .post('/api/remote-integration')
        .send({ provider: 'DEALER_FTP', isActive: true, userId: DEALER.id, Username: FTP_USER, Password: FTP_PASSWORD, settings: { host: '127.0.0.1', port: closed, path: '/' } })
        .expect(201)
    ).body as { id: string };
    // the admin watches the queue (no reload: it follows by itself) while the order is queued
    const page = await signedIn(DEMO_ACCOUNTS.admin.email);
    await page.goto(`${baseUrl}/admin/order-delivery-message`);
    await page.getByRole('heading', { level: 1, name: 'Order delivery' }).waitFor();
    const row = queueRow(page, GOLF.orderName);
    expect(await row.count()).toBe(0);
    await admin.post(`/api/orders/enqueue-order-delivery-by-id/${GOLF.id}`).send({ selectedIntegrations: [{ id: failing.id }] }).expect(200);
    // the first attempt failed: waiting for its retry, not takeable now, with the error
    await waitFor(async () => ((await cell(row, 'lastError').textContent({ timeout: 1000 }).catch(() => '')) ?? '').startsWith('Refused:'), 'the refused attempt in the queue', 60_000, 250);
    expect(await cell(row, 'state').textContent()).toBe('Queued');
    expect(await cell(row, 'visible').textContent()).toBe('No');
    expect(await cell(row, 'attempts').textContent()).toBe('1');
    expect(await cell(row, 'provider').textContent()).toBe('Dealer website FTP');
    // the whole error on hover, as the cell may cut it
    const [message] = (await admin.get(`/api/order-delivery-messages?orderId=${GOLF.id}`).expect(200)).body[0] as Array<{ lastError: string }>;
    expect(message.lastError).toContain(`127.0.0.1:${closed}`);
    await cell(row, 'lastError').locator('span').hover();
    expect(await page.getByRole('tooltip').textContent()).toBe(message.lastError);
    await screenshot(page, 'delivery-queue-failed');

    // make visible now: tried again at once
    await row.getByRole('button', { name: `Make ${GOLF.orderName} visible now` }).click();
    await untilToast(page, 'Make visible now - Successfully');
    await waitFor(async () => (await cell(row, 'attempts').textContent()) === '2', 'the second attempt', 60_000, 250);
    expect(await cell(row, 'lastError').textContent()).toMatch(/^Refused:/);

    // remove, after confirming
    await row.getByRole('button', { name: `Remove ${GOLF.orderName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from queue' });
    expect(await confirm.textContent()).toContain(`Remove the delivery of ${GOLF.orderName} to Dealer website FTP from the queue?`);
    await screenshot(page, 'delivery-queue-remove');
    await confirm.getByRole('button', { name: 'Remove from queue' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect((await admin.get(`/api/order-delivery-messages?orderId=${GOLF.id}`).expect(200)).body[1]).toBe(0);
  }, 300_000);
  it('a delivery whose FTP login is refused shows failed with the reason (never Delivered) and takes the order back to Ready to download saying why; with the login fixed, retry delivers it', async () => {
    // an FTP integration of the dealership whose password the server refuses
    const refused = (
      await admin
        .post('/api/remote-integration')
        .send({ provider: 'PORTAL_FTP', isActive: true, userId: DEALER.id, Username: FTP_USER, Password: 'Not-The-Password-1', settings: { host: '127.0.0.1', port: ftp.port, path: '/portal' } })
        .expect(201)
    ).body as { id: string };
    await waitFor(async () => (await admin.get(`/api/orders/${BMW.id}`).expect(200)).body.processedImagesCount === BMW.positions.length, 'the demo order processed', 240_000, 1000);

    const page = await signedIn(DEMO_ACCOUNTS.admin.email);
    await page.goto(`${baseUrl}/order/${BMW.id}`);
    await page.getByRole('heading', { level: 1, name: BMW.orderName }).waitFor();
    const before = await statusOf(page);
    expect(['Completed', 'Ready to download']).toContain(before);
    const controls = page.getByTestId('delivery-controls');
    await controls.getByRole('combobox', { name: 'Integrations' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Portal image FTP', exact: true }).click();
    await page.keyboard.press('Escape');
    const button = controls.getByTestId('deliver-button');
    await button.click();
    // the button names what it did: queued, not delivered
    await waitFor(async () => (await button.getAttribute('data-state')) === 'success', 'the delivery queued', 30_000, 100);
    expect(await button.textContent()).toBe('Queued');

    // the destination failed with the server's reason; the order is back to Ready to download
    const header = page.getByTestId('order-header');
    const chip = header.getByTestId('delivery-destination').filter({ hasText: 'Portal image FTP' });
    await waitFor(async () => (await chip.getAttribute('data-state', { timeout: 1000 }).catch(() => null)) === 'failed', 'the destination failed in the header', 60_000, 200);
    expect(await chip.textContent()).toBe('Portal image FTP: Failed');
    await waitFor(async () => (await statusOf(page)) === 'Ready to download', 'the order back to Ready to download', 60_000, 200);
    const row = page.getByTestId('deliveries-card').getByTestId('delivery-row').filter({ hasText: 'Portal image FTP' });
    await waitFor(async () => ((await row.textContent({ timeout: 1000 }).catch(() => '')) ?? '').includes('Failed'), 'the failed row in the card', 30_000, 200);
    const reason = await row.getByTestId('delivery-error').textContent();
    expect(reason).toMatch(/refused the user name or password \(530/);
    expect(await row.textContent()).not.toContain('Delivered');
    expect(await row.getByTestId('delivery-receipt').count()).toBe(0);
    // the timeline says why it left Delivering
    const stopped = page.getByTestId('timeline').locator('[data-event="DELIVERY_STOPPED"]').first();
    await stopped.waitFor();
    expect(await stopped.textContent()).toMatch(/^Delivery failed: back to Ready to downloadPortal image FTP · .*refused the user name or password/);
    await screenshot(page, 'delivery-order-failed');

    // staff fix the login and retry: queued again, then delivered with the receipt
    await admin.put(`/api/remote-integration/${refused.id}`).send({ Username: FTP_USER, Password: FTP_PASSWORD, settings: { host: '127.0.0.1', port: ftp.port, path: '/portal' } }).expect(200);
    await row.getByRole('button', { name: 'Retry the delivery to Portal image FTP' }).click();
    await waitFor(async () => (await chip.getAttribute('data-state', { timeout: 1000 }).catch(() => null)) === 'delivered', 'the destination delivered in the header', 90_000, 200);
    expect(await chip.textContent()).toBe('Portal image FTP: Delivered');
    await waitFor(async () => (await statusOf(page)) === 'Completed', 'Completed', 60_000, 200);
    const receipt = row.getByTestId('delivery-receipt');
    await receipt.waitFor();
    expect(await receipt.locator('p').first().textContent()).toMatch(new RegExp(`^Delivered to ftp://127\\.0\\.0\\.1:${ftp.port}/portal at \\d{4}-`));
    expect(await row.getByTestId('delivery-error').count()).toBe(0);
    expect(readdirSync(join(ftp.root, '/portal')).length).toBeGreaterThan(0);
    await screenshot(page, 'delivery-order-retried');

    // the orders list shows the destination's state too
    await page.getByTestId('header-menu').getByRole('link', { name: 'Orders' }).click();
    const listed = page.locator(`tr[data-id="${BMW.id}"]`).getByTestId('delivery-destination').filter({ hasText: 'Portal image FTP' });
    await listed.waitFor();
    expect(await listed.textContent()).toBe('Portal image FTP: Delivered');
  }, 420_000);

  it('on a phone (390 px): the admin switches automatic delivery on for an integration; the demo dealership, holding READ_USER_INTEGRATIONS, delivers its own order to its FTP server', async () => {
    const phone = { width: 390, height: 844 };
    const fitsTheScreen = async (page: Page) => {
      const { scrollWidth, clientWidth } = (await page.evaluate(`(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }))()`)) as {
        scrollWidth: number;
        clientWidth: number;
      };
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    };

    const adminPage = await signedIn(DEMO_ACCOUNTS.admin.email, phone);
    await adminPage.goto(`${baseUrl}/profile/${DEALER.id}/integrations`);
    const auto = adminPage.getByTestId('integration-GENERIC_FTP').getByRole('switch', { name: 'Deliver orders to FTP server automatically' });
    await auto.waitFor();
    expect(await auto.isChecked()).toBe(false);
    await auto.click();
    await untilToast(adminPage, 'Integration updated');
    await waitFor(() => auto.isChecked(), 'the automatic delivery switch on', 30_000, 100);
    await fitsTheScreen(adminPage);
    await screenshot(adminPage, 'delivery-auto-switch-phone');

    const before = ((await admin.get(`/api/orders/${TESLA.id}/deliveries`).expect(200)).body as Array<{ state: string }>).length;
    const page = await signedIn(DEALER.email, phone);
    await page.goto(`${baseUrl}/order/${TESLA.id}`);
    await page.getByRole('heading', { level: 1, name: TESLA.orderName }).waitFor();
    const controls = page.getByTestId('delivery-controls');
    await controls.getByRole('combobox', { name: 'Integrations' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'FTP server', exact: true }).click();
    await page.keyboard.press('Escape');
    const button = controls.getByTestId('deliver-button');
    await button.click();
    await waitFor(async () => (await button.getAttribute('data-state')) === 'success', 'the delivery queued', 30_000, 100);
    expect(await button.textContent()).toBe('Queued');
    await fitsTheScreen(page);
    await screenshot(page, 'delivery-dealer-phone');
    // delivered once more to the FTP server, and the order Completed again
    await waitFor(
      async () => {
        const deliveries = (await admin.get(`/api/orders/${TESLA.id}/deliveries`).expect(200)).body as Array<{ state: string }>;
        return deliveries.length === before + 1 && deliveries.every((d) => d.state === 'delivered');
      },
      "the dealership's delivery delivered",
      90_000,
      250,
    );
    await waitFor(async () => (await admin.get(`/api/orders/${TESLA.id}`).expect(200)).body.status === 'Completed', 'Completed', 60_000, 250);
  }, 300_000);
});
