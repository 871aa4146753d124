import { readZip, testJpeg, waitFor } from '@app/testing';
import { createUploadScene, putPhotosOnPositions, screenshot, signIn as apiSignIn, submitSignInForm, TEST_PASSWORD, useBrowserStack, type TestAccount } from '../support';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

/**
 * Orders end to end in Debian's chromium against the whole product booted in-process (set up
 * as shell.browser-spec.ts), the pipeline included: a dealership creates an order on a
 * three-position style guide and uploads three JPEGs straight to storage; the order moves
 * from Uploading through In Progress to Ready to download while the list and the detail page
 * watch, with the processed images shown; an admin finds it in the list with the QA column,
 * downloads the zip of the three optimized images, and in the image editing modal replaces a
 * picture with an edited file (a new version in its history).
 */

describe('orders in chromium', () => {
  const web = useBrowserStack('browser-orders');
  let admin: TestAccount;
  let dealer: TestAccount;
  let guide: { id: string; name: string };
  let photos: Buffer[];
  const ORDER_NAME = 'Harbour Golf GTI – HB 12 345';
  let orderId = '';

  beforeAll(async () => {
    ({ admin, dealer, guide, photos } = await createUploadScene(web.stack, {
      admin: { displayName: 'Ada Admin', email: 'ada.orders@example.test' },
      // no QA on this account: after processing the order is Ready to download
      dealer: { displayName: 'Harbour Cars', email: 'harbour@example.test' },
      salesEmail: 'sven.orders@example.test',
      guideName: 'Harbour Studio',
    }));
  });

  const newPage = (): Promise<Page> => web.newPage({ acceptDownloads: true });

  async function signIn(page: Page, email: string) {
    await submitSignInForm(page, web.baseUrl, email);
    // the landing screen is the orders list
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders');
  }

  /** SCREENSHOTS=/some/dir keeps pictures of the screens on the way (to look at them). */

  /** Reads a badge every 250 ms until it shows `last`, and answers every value it showed on the way. */
  async function watchStatus(page: Page, selector: string, last: string, timeoutMs = 90_000): Promise<string[]> {
    const seen: string[] = [];
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const value = await page
        .locator(selector)
        .first()
        .getAttribute('data-status', { timeout: 1000 })
        .catch(() => null);
      if (value && seen.at(-1) !== value) seen.push(value);
      if (value === last) return seen;
      await page.waitForTimeout(250);
    }
    throw new Error(`the status never became ${last}; seen: ${seen.join(' → ')}`);
  }

  it('a dealership creates an order on a three-position guide, uploads three JPEGs and watches it become Ready to download', async () => {
    const page = await newPage();
    await signIn(page, dealer.email);

    await page.getByTestId('toolbar-shortcut').click();
    await page.waitForURL(`${web.baseUrl}/create-order`);
    await page.getByRole('heading', { level: 1, name: 'Create order' }).waitFor();
    // the submit waits for a valid form with images
    expect(await page.getByRole('button', { name: 'Create order' }).isDisabled()).toBe(true);
    await page.getByLabel(/^Order name/).fill('ab');
    await page.getByText('The order name must have at least 3 characters').waitFor();
    await page.getByLabel(/^Order name/).fill(`  ${ORDER_NAME}  `);
    await page.getByRole('combobox', { name: /^Sales person/ }).click();
    await page.getByRole('option', { name: 'Sven Seller' }).click();
    await page.getByRole('combobox', { name: /^Style guide/ }).click();
    await page.getByRole('option', { name: guide.name }).click();

    // one slot per position, in order
    await page.getByTestId('position-3').waitFor();
    expect(await page.locator('[data-testid^="position-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual([
      'position-1',
      'position-2',
      'position-3',
    ]);
    await putPhotosOnPositions(page, photos);
    await screenshot(page, 'create-order-filled');
    const submit = page.getByRole('button', { name: 'Create order' });
    await waitFor(() => submit.isEnabled(), 'the submit button enabled', 20_000, 200);
    await submit.click();

    // the progress dialog, then the success modal over the list
    await page.waitForURL(`${web.baseUrl}/orders/success`);
    await page.getByRole('dialog', { name: 'Upload successful' }).waitFor();
    await screenshot(page, 'orders-success');
    await page.getByRole('button', { name: 'Back to the orders' }).click();
    await page.waitForURL(`${web.baseUrl}/orders`);

    // the list follows the order while it moves; the row opens once it is Ready to download
    const row = page.locator('tr', { hasText: ORDER_NAME });
    await row.waitFor();
    orderId = (await row.getAttribute('data-id'))!;
    const seenInList = await watchStatus(page, `tr[data-id="${orderId}"] [data-status]`, 'Ready to download');
    expect(['Uploading', 'In Progress', 'Ready to download']).toEqual(expect.arrayContaining(seenInList));
    await page.locator(`tr[data-id="${orderId}"][data-openable="true"]`).waitFor();
    await screenshot(page, 'orders-list-dealer');
    await row.getByText(ORDER_NAME).click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}`);

    // the detail: three processed images, the steps on the timeline
    const header = page.getByTestId('order-header');
    await header.getByText('Ready to download').waitFor();
    const cards = page.getByRole('listitem', { name: /^Position \d$/ });
    await waitFor(async () => (await cards.count()) === 3, 'three image cards', 20_000, 200);
    await waitFor(async () => (await page.locator('[data-image-id][data-status="completed"]').count()) === 3, 'three processed images', 30_000, 200);
    for (let position = 1; position <= 3; position++) {
      const picture = page.getByTestId(`image-${position}`).getByRole('img', { name: `Position ${position}` });
      await picture.waitFor();
      // the processed picture really loaded
      await waitFor(async () => (await picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)) > 0, `the picture of position ${position}`, 20_000, 200);
    }
    expect(await page.getByTestId('image-progress').textContent()).toBe('3 uploaded, 3 processed of 3');
    const timeline = page.getByTestId('timeline');
    await timeline.locator('[data-event="PROCESSING_COMPLETED"]').waitFor();
    const names = await timeline.locator('[data-event]').evaluateAll((els) => els.map((el) => el.getAttribute('data-event')));
    // Uploading (NEW) → In Progress (UPLOAD_COMPLETED) → Ready to download (PROCESSING_COMPLETED)
    for (const step of ['NEW', 'UPLOAD_COMPLETED', 'PROCESSING_COMPLETED']) expect(names).toContain(step);
    expect(names.indexOf('PROCESSING_COMPLETED')).toBeLessThan(names.indexOf('UPLOAD_COMPLETED'));
    expect(await page.getByTestId('style-guide-panel').textContent()).toContain('Harbour Studio');
    await screenshot(page, 'order-detail-dealer');

    // the server kept the trimmed name
    const api = await apiSignIn(web.stack, dealer.email);
    expect((await api.get(`/api/orders/${orderId}`).expect(200)).body).toMatchObject({ orderName: ORDER_NAME, takenImagesCount: 3 });
  }, 240_000);

  it('an admin finds the order in the list with the QA column, downloads the zip of the three optimized images and replaces a picture with an edited file', async () => {
    expect(orderId).not.toBe('');
    const page = await newPage();
    await signIn(page, admin.email);
    // admin and QA start 14 days back
    expect(new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByLabel('Search').fill('Harbour Golf');
    await page.waitForURL(/search=Harbour\+Golf/);
    const row = page.locator(`tr[data-id="${orderId}"]`);
    await row.waitFor();
    expect(await page.getByRole('columnheader', { name: 'QA status' }).count()).toBe(1);
    expect(await row.locator('td[data-field="QAstatus"]').textContent()).toBe('Approved');
    expect(await row.locator('td[data-field="dealership"]').textContent()).toBe('Harbour Cars');
    expect(await row.locator('td[data-field="salesMan"]').textContent()).toBe('Sven Seller');
    // the list shows the order's thumbnail
    const thumbnail = row.locator('td[data-field="thumbnail"] img');
    await waitFor(async () => (await thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)) > 0, 'the thumbnail', 20_000, 200);
    await screenshot(page, 'orders-list-admin');

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), row.getByRole('button', { name: `Download ${ORDER_NAME}` }).click()]);
    const zip = readZip(await readFile((await download.path())!));
    expect(zip).toHaveLength(3);
    for (const entry of zip) {
      expect(entry.name).toMatch(/\.jpg$/);
      const meta = await sharp(entry.data).metadata();
      // optimized to the guide's output size, not the 1200x900 originals
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1200]);
    }

    // the admin's detail: the QA tab with the status dropdowns
    await row.getByText(ORDER_NAME).click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}`);
    await page.getByRole('combobox', { name: 'QA status' }).waitFor();
    await waitFor(async () => (await page.getByRole('listitem', { name: /^Position \d$/ }).count()) === 3, 'three image cards', 20_000, 200);
    await screenshot(page, 'order-detail-admin');

    // the select view: a picture opens the image editing modal at /select/{imageId}, closing goes back
    await page.getByTestId('order-tab-select').click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}/select`);
    await page.getByRole('button', { name: 'Open the image of position 2' }).click();
    await page.waitForURL(new RegExp(`/order/${orderId}/select/[0-9a-f-]{36}$`));
    const large = page.getByRole('dialog').getByRole('img', { name: 'Optimized picture of position 2' });
    await waitFor(async () => (await large.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)) === 1600, 'the large optimized picture', 20_000, 200);
    await screenshot(page, 'order-select-modal');
    // QA's hand-edited file replaces the picture: its upload, then a new version in the history
    const editor = page.getByRole('dialog', { name: /^Position 2/ });
    await editor.getByRole('button', { name: 'Replace with an edited file' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace position 2 with an edited file' });
    await replace.getByLabel('Edited file').setInputFiles({ name: 'retouched.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(1600, 1200, { carColour: '#202020' }) });
    await replace.getByText('retouched.jpg').waitFor();
    await screenshot(page, 'order-replace-image');
    await replace.getByRole('button', { name: 'Replace' }).click();
    await page.getByText('Picture replaced: a new version is in its history').waitFor({ timeout: 30_000 });
    await replace.waitFor({ state: 'detached' });
    await editor.getByRole('listitem').filter({ hasText: 'Replacement' }).first().waitFor({ timeout: 20_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}/select`);
    await page.getByRole('button', { name: 'Insert image' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Insert' }).click();
    await page.getByRole('dialog').getByText('Position is required').waitFor();
    await screenshot(page, 'order-insert-image');
  }, 120_000);
});
