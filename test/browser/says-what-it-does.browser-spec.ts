import { readZip, testJpeg, testMp4, testPng, waitFor } from '@app/testing';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import {
  createAccount,
  createOrderInQaStage,
  screenshot,
  signIn as apiSignIn,
  uploadOrderImage,
  uploadOrderVideo,
  useBrowserStack,
  type TestAccount,
  type UserSession,
} from '../support';

/**
 * What the screens say is what they do, in Debian's chromium against the whole product booted
 * in-process (set up as shell.browser-spec.ts): "Approve anyway" turns the pictures' badges to
 * Approved with the order; Mark for editing is called so everywhere, in every language, and its
 * toast says what happened; "Download all" and "Download optimized" save zips named by what they
 * hold and holding it; the builder shows the server's refusal of a FEATURED configuration without
 * its image on the Featured image box; malformed order and profile links show the not-found page
 * with a way back; a malformed app version shows its sentence on the Version field.
 * `SCREENSHOTS=/some/dir` keeps pictures of the screens on the way.
 */

const ORDER_NAME = 'Fjordbil Passat GTE 2031';
/** Every interface language with its name in the language menu. */
const LANGUAGES = [
  ['de', 'Deutsch'],
  ['dk', 'Dansk'],
  ['du', 'Nederlands'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['hi', 'हिन्दी'],
  ['jp', '日本語'],
  ['en', 'English'],
] as const;

/** A language's string by its key (`imageEditing.markForEditing`). */
function localeString(lang: string, key: string): string {
  let node: unknown = JSON.parse(readFileSync(join(__dirname, '..', '..', 'web', 'src', 'locales', `${lang}.json`), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`${lang} has no ${key}`);
  return node;
}

describe('screens that do what they say, in chromium', () => {
  const web = useBrowserStack('browser-honest');
  let adminAccount: TestAccount;
  let admin: UserSession;
  let dealer: TestAccount;
  let orderId: string;
  let mp4: Buffer;

  beforeAll(async () => {
    [adminAccount, dealer] = await Promise.all([
      createAccount(web.stack, { role: 'Admin', displayName: 'Ada Admin', email: 'ada.honest@example.test' }),
      createAccount(web.stack, { role: 'Dealership', displayName: 'Fjordbil Bergen', email: 'fjordbil.honest@example.test', permissions: ['CREATE_ORDERS', 'READ_ORDERS'], enabledQa: true }),
    ]);
    admin = await apiSignIn(web.stack, adminAccount.email);
    mp4 = await testMp4(1);
    orderId = await createOrderInQaStage(web.stack, admin, dealer, {
      orderName: ORDER_NAME,
      takenImagesCount: 2,
      upload: async (asDealer, id) => {
        expect((await uploadOrderVideo(asDealer, id, mp4)).status).toBe(200);
        const photo = await testJpeg(640, 480);
        await uploadOrderImage(asDealer, id, 1, photo);
        await uploadOrderImage(asDealer, id, 2, photo);
      },
    });
  }, 120_000);

  const signedIn = (email: string, viewport = { width: 1440, height: 900 }): Promise<Page> => web.signedInPage(email, { viewport, acceptDownloads: true, landing: /\/orders/ });

  const toast = (page: Page) => page.getByTestId('toast-main');
  const card = (page: Page, position: number): Locator => page.getByTestId(`image-${position}`);
  const badgeOf = (page: Page, position: number) => card(page, position).locator('[data-badge]');
  const waitForToast = (page: Page, text: string) => waitFor(async () => (await toast(page).textContent()) === text, `the toast "${text}"`, 10_000, 100);

  it('Mark for editing is one name in the QA tab and the modal, in all 8 languages, and its toast says what happened', async () => {
    const page = await signedIn(adminAccount.email);
    await page.goto(`${web.baseUrl}/order/${orderId}`);
    await card(page, 1).waitFor();
    expect(await badgeOf(page, 1).getAttribute('data-badge')).toBe('waitingForQa');

    await card(page, 1).getByRole('button', { name: 'Approve image' }).click();
    await waitForToast(page, 'Image approved');
    await waitFor(async () => (await badgeOf(page, 1).getAttribute('data-badge')) === 'approved', 'picture 1 approved', 10_000, 100);

    await card(page, 1).getByRole('button', { name: 'Mark for editing' }).click();
    await waitForToast(page, 'Image marked for editing');
    await waitFor(async () => (await badgeOf(page, 1).textContent()) === 'Requires edition', 'picture 1 marked', 10_000, 100);
    await screenshot(page, 'honest-marked');

    // approved again, so the QA tab offers Mark for editing on it, as the modal does
    await card(page, 1).getByRole('button', { name: 'Approve image' }).click();
    await waitFor(async () => (await badgeOf(page, 1).getAttribute('data-badge')) === 'approved', 'picture 1 approved again', 10_000, 100);

    // each language, chosen in the header's language menu: the QA tab's button and the modal's are one name
    let current = 'English';
    for (const [lang, endonym] of LANGUAGES) {
      await page.getByRole('button', { name: new RegExp(current) }).first().click();
      await page.getByRole('menuitem', { name: new RegExp(endonym) }).click();
      current = endonym;
      const name = localeString(lang, 'imageEditing.markForEditing');
      await card(page, 1).getByRole('button', { name, exact: true }).waitFor();
      await card(page, 1).locator('div[role="button"]').click();
      await page.waitForURL(new RegExp(`/order/${orderId}/select/`));
      const modal = page.getByRole('dialog');
      await modal.getByRole('img').first().waitFor();
      await screenshot(page, `honest-modal-${lang}`);
      await modal.getByRole('button', { name, exact: true }).waitFor();
      expect(await modal.getByRole('button', { name, exact: true }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await page.waitForURL(`${web.baseUrl}/order/${orderId}/select`);
      await page.getByTestId('order-tab-main').click();
      await page.waitForURL(`${web.baseUrl}/order/${orderId}`);
    }
    await admin.put(`/api/users/${adminAccount.id}`).send({ language: 'en' }).expect(200);
  }, 120_000);

  it('"Approve anyway" turns the pictures nobody reviewed to Approved with the order', async () => {
    const page = await signedIn(adminAccount.email);
    await page.goto(`${web.baseUrl}/order/${orderId}`);
    await card(page, 2).waitFor();
    expect(await badgeOf(page, 2).textContent()).toBe('Waiting for QA');

    await page.getByTestId('order-header').getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve the order?' });
    await confirm.getByText('1 of 2 images are not approved yet. Approve the order anyway?').waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await waitForToast(page, 'Status updated');

    await waitFor(async () => (await card(page, 2).getByTestId('image-label').textContent()) === 'Ready to download', 'picture 2 ready to download', 10_000, 100);
    await waitFor(async () => (await badgeOf(page, 2).getAttribute('data-badge')) === 'approved', 'picture 2 approved with the order', 10_000, 100);
    expect(await badgeOf(page, 2).textContent()).toBe('Approved');
    expect(await badgeOf(page, 1).textContent()).toBe('Approved');
    expect(await page.locator('[data-badge="waitingForQa"]').count()).toBe(0);
    // and what it offers follows the badge: Mark for editing, not Approve image
    expect(await card(page, 2).getByRole('button', { name: 'Mark for editing' }).count()).toBe(1);
    expect(await card(page, 2).getByRole('button', { name: 'Approve image' }).count()).toBe(0);
    await screenshot(page, 'honest-approved-anyway');
  });

  it('"Download all" and "Download optimized" save zips named by what they hold, holding it', async () => {
    const page = await signedIn(dealer.email);
    await page.goto(`${web.baseUrl}/order/${orderId}`);
    await card(page, 2).waitFor();
    const buttons = page.getByTestId('download-buttons');
    const save = async (button: string): Promise<{ name: string; entries: Array<{ name: string; data: Buffer }> }> => {
      const [download] = (await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), buttons.getByRole('button', { name: button, exact: true }).click()])) as [Download, void];
      const path = await download.path();
      return { name: download.suggestedFilename(), entries: readZip(await readFile(path!)) };
    };

    const all = await save('Download all');
    expect(all.name).toBe(`${ORDER_NAME}-all.zip`);
    expect(all.entries.map((e) => e.name)).toEqual(['originals/01.jpg', 'originals/02.jpg', 'optimized/01.jpg', 'optimized/02.jpg', `videos/${ORDER_NAME}-video.mp4`]);
    expect(all.entries[4].data.equals(mp4)).toBe(true);

    const optimized = await save('Download optimized');
    expect(optimized.name).toBe(`${ORDER_NAME}-optimized.zip`);
    expect(optimized.entries.map((e) => e.name)).toEqual([`${ORDER_NAME}-1.jpg`, `${ORDER_NAME}-2.jpg`]);
    // the same optimized pictures in both; the originals only in "all"
    expect(optimized.entries[0].data.equals(all.entries[2].data)).toBe(true);
    expect(optimized.entries.some((e) => e.data.equals(all.entries[0].data))).toBe(false);
  });

  it('the builder shows the refusal of a FEATURED configuration without its image on the Featured image box', async () => {
    const guide = (await admin.post('/api/style-guides').send({ name: 'Featured Studio', outputWidth: 640, outputHeight: 480, maxImageSize: 300_000, frameFreeRouting: 'bypass' }).expect(201)).body
      .id as string;
    const page = await signedIn(adminAccount.email);
    await page.goto(`${web.baseUrl}/style-guide-v2/${guide}?step=2`);
    const form = page.getByTestId('configuration-new');
    await form.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'FEATURED' }).click();
    await form.getByRole('button', { name: 'Add configuration' }).click();

    const message = 'A FEATURED configuration needs its featured image: choose one';
    const slot = form.getByTestId('config-slot-featured');
    await slot.getByText(message).waitFor();
    expect(await slot.getByLabel('Featured image').getAttribute('aria-invalid')).toBe('true');
    expect(((await admin.get(`/api/style-guides/${guide}`).expect(200)).body.configurations as unknown[]).length).toBe(0);
    await screenshot(page, 'honest-featured-refused');

    // with the image chosen the message goes and the configuration is saved
    await slot.getByLabel('Featured image').setInputFiles({ name: 'featured.png', mimeType: 'image/png', buffer: await testPng(64, '#3a6f1f') });
    expect(await slot.getByText(message).count()).toBe(0);
    await form.getByRole('button', { name: 'Add configuration' }).click();
    await page.getByRole('heading', { name: 'Configurations (1)' }).waitFor();
  });

  it('malformed order and profile links show the not-found page with the way back', async () => {
    const page = await signedIn(adminAccount.email);
    for (const [link, back, list] of [
      ['/order/not-an-order', 'Back to Orders', '/orders'],
      ['/order/6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11', 'Back to Orders', '/orders'],
      ['/profile/not-an-account/orders', 'Back to Customers', '/customers'],
      ['/profile/6f1f7c5e-51a8-4f5f-9a55-3f3f7f1f0c11/orders', 'Back to Customers', '/customers'],
    ] as const) {
      await page.goto(`${web.baseUrl}${link}`);
      const notFound = page.getByTestId('not-found');
      await notFound.getByRole('heading', { name: 'Not found' }).waitFor();
      expect(await page.getByText(/must be a UUID/).count()).toBe(0);
      await notFound.getByRole('link', { name: back }).click();
      // the orders list writes its filters into the address once it opens
      await page.waitForURL((url) => url.pathname === list);
    }
  });

  it('a malformed app version shows its sentence on the Version field', async () => {
    const page = await signedIn(adminAccount.email);
    await page.goto(`${web.baseUrl}/admin/app-versions`);
    await page.getByRole('button', { name: 'Create app version' }).click();
    const dialog = page.getByRole('dialog');
    const version = dialog.getByRole('textbox', { name: /^Version/ });
    await version.fill('1.2');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Write the version as three numbers with dots, like 1.2.34').waitFor();
    expect(await version.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('versionString', { exact: false }).count()).toBe(0);
    await screenshot(page, 'honest-version-field');

    await version.fill('1.2.34');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
