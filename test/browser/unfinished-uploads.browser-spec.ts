import { waitFor } from '@app/testing';
import { createUploadScene, putPhotosOnPositions, screenshot, submitSignInForm, useBrowserStack, type TestAccount } from '../support';
import type { Page } from 'playwright-core';

/**
 * An upload cut off half-way, in Debian's chromium against the whole product (the pipeline
 * included): the line to storage drops after the first of three pictures; the creator tries
 * again by itself, then says in words how many pictures are safe and offers Resume. After a
 * reload the browser has forgotten everything, yet the order's row says why it does not open,
 * its read-only progress view offers "Add the missing pictures", the dealer adds them and the
 * order moves on; while it is in QA its row says so and opens the progress view, not the order.
 */
describe('unfinished uploads in chromium', () => {
  const web = useBrowserStack('browser-unfinished-uploads');
  let dealer: TestAccount;
  let guide: { id: string; name: string };
  let photos: Buffer[];
  const ORDER_NAME = 'Half way Volvo V60';

  beforeAll(async () => {
    ({ dealer, guide, photos } = await createUploadScene(web.stack, {
      // QA on this account: after processing the order waits in QA stage, closed to the dealer
      dealer: { displayName: 'Half Way Cars', email: 'halfway@example.test', enabledQa: true },
      salesEmail: 'sven.halfway@example.test',
      guideName: 'Half Way Studio',
    }));
  });

  const newPage = (): Promise<Page> => web.newPage();

  /** SCREENSHOTS=/some/dir keeps pictures of the screens on the way (to look at them). */
  const statusIn = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .getAttribute('data-status', { timeout: 1000 })
      .catch(() => null);

  it('the line drops after one picture: the creator says how many are safe; after a reload the order page adds the missing pictures and the order moves on; in QA its row says why it is closed', async () => {
    const page = await newPage();
    await submitSignInForm(page, web.baseUrl, dealer.email);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    await page.goto(`${web.baseUrl}/create-order`);
    await page.getByRole('heading', { level: 1, name: 'Create order' }).waitFor();
    await page.getByLabel(/^Order name/).fill(ORDER_NAME);
    await page.getByRole('combobox', { name: /^Sales person/ }).click();
    await page.getByRole('option', { name: 'Sven Seller' }).click();
    await page.getByRole('combobox', { name: /^Style guide/ }).click();
    await page.getByRole('option', { name: guide.name }).click();
    await putPhotosOnPositions(page, photos);

    // the first file reaches storage, then the line to storage is down: every later post fails
    const storage = new URL(web.stack.s3.endpoint).origin;
    let posts = 0;
    const toStorage = (url: URL) => url.origin === storage;
    await page.route(
      toStorage,
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        posts += 1;
        return posts === 1 ? route.continue() : route.abort('internetdisconnected');
      },
    );
    const submit = page.getByRole('button', { name: 'Create order' });
    await waitFor(() => submit.isEnabled(), 'the submit button enabled', 20_000, 200);
    await submit.click();

    // the creator tried each failed file again by itself, then says what is safe, in words
    const interrupted = page.getByTestId('upload-interrupted');
    await interrupted.waitFor({ timeout: 60_000 });
    expect(await interrupted.textContent()).toBe('The connection dropped. 1 of 3 pictures are safe; press Resume when you are back online.');
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    // the two files that failed were tried again before giving up
    expect(posts).toBeGreaterThanOrEqual(1 + 2 * 2);
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await screenshot(page, 'creator-interrupted');

    // back online, but the page is reloaded: the creator's memory is gone, the order stays
    await page.unroute(toStorage);
    await page.reload();
    await page.goto(`${web.baseUrl}/orders`);
    const row = page.locator('tr', { hasText: ORDER_NAME });
    await row.waitFor();
    const orderId = (await row.getAttribute('data-id'))!;
    expect(await row.getByTestId('closed-reason').textContent()).toBe('Opens when all its pictures have arrived (1 of 3 so far)');
    await screenshot(page, 'orders-row-uploading');
    await row.getByText(ORDER_NAME).click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}/progress`);

    const missing = page.getByTestId('missing-pictures');
    await missing.waitFor();
    // the three files went in parallel: whichever arrived first is safe, the other two are missing
    expect(await missing.textContent()).toMatch(/^1 of 3 pictures have arrived\. Still missing: position (1, 2|1, 3|2, 3)\./);
    await screenshot(page, 'progress-missing');
    await missing.getByRole('button', { name: 'Add the missing pictures' }).waitFor();
    await page.getByTestId('missing-pictures-input').setInputFiles([
      { name: 'car-2.jpg', mimeType: 'image/jpeg', buffer: photos[1]! },
      { name: 'car-3.jpg', mimeType: 'image/jpeg', buffer: photos[2]! },
    ]);

    // the order moves on: it leaves Uploading and the offer goes
    await waitFor(async () => {
      const status = await statusIn(page, '[data-testid="order-header"] [data-status]');
      return status !== null && status !== 'Uploading';
    }, 'the order moving on from Uploading', 60_000, 250);
    await missing.waitFor({ state: 'detached' });
    await waitFor(async () => (await page.getByTestId('image-progress').textContent())?.startsWith('3 uploaded') ?? false, 'three pictures uploaded', 20_000, 250);

    // once processed it waits for QA: the row says so and opens the read-only progress view
    await page.goto(`${web.baseUrl}/orders`);
    await waitFor(
      async () => {
        await page.reload();
        await page.locator(`tr[data-id="${orderId}"]`).waitFor();
        return (await statusIn(page, `tr[data-id="${orderId}"] [data-status]`)) === 'QA stage';
      },
      'the order in QA stage',
      120_000,
      1000,
    );
    const qaRow = page.locator(`tr[data-id="${orderId}"]`);
    expect(await qaRow.getByTestId('closed-reason').textContent()).toBe('Opens when quality control has finished');
    await screenshot(page, 'orders-row-qa');
    await qaRow.getByText(ORDER_NAME).click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}/progress`);
    await page.getByTestId('order-progress').waitFor();
    expect(await page.getByTestId('progress-reason').textContent()).toBe('Opens when quality control has finished');
    expect(await page.getByTestId('image-progress').textContent()).toBe('3 uploaded, 3 processed of 3');
    // read-only: no downloads, no renaming, nothing to add
    expect(await page.getByRole('button', { name: /Download/ }).count()).toBe(0);
    expect(await page.getByTestId('missing-pictures').count()).toBe(0);
    await screenshot(page, 'progress-qa');
  }, 300_000);
});
