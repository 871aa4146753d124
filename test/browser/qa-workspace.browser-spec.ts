import type { ImageView, TagView } from '@app/contracts';
import { testJpeg, waitFor } from '@app/testing';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  signIn as apiSignIn,
  startBrowserStack,
  submitSignInForm,
  uploadOrderImage,
  type TestAccount,
  type TestStack,
  type UserSession,
} from '../support';

/**
 * The QA workspace end to end in Debian's chromium against the whole product booted
 * in-process, the pipeline included (set up as shell.browser-spec.ts). Only the accounts, the
 * style guide, the reason tag and the order with its processed picture are made through the
 * API; the rest is done as people do it on screen: a QA editor picks the order from the
 * unassigned list (a second editor clicking Pick after her is told who has it), marks the
 * picture for editing with a reason in the image editing modal, repushes it as interior and
 * watches the new version arrive; marks the task done; a coordinator sends the order back,
 * the editor approves the picture, the coordinator approves the order; the dealership sees the
 * edited picture and its history (read-only) and asks for a re-edit, which QA sees in its list.
 * `SCREENSHOTS=/some/dir` keeps pictures of the screens on the way.
 */

const INTERIOR = '#2E7D32';
const ORDER_NAME = 'Fjordbil Tiguan R-Line – EV 44 812';
const REASON = 'Reflections on the door';

// what the functions run in the page use of the browser (the tests compile without the DOM library)
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

/** The mean colour of the picture's top-left corner: the background the pipeline put there. */
async function cornerOf(url: string): Promise<[number, number, number]> {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const { data } = await sharp(bytes).extract({ left: 2, top: 2, width: 8, height: 8 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [0, 1, 2].map((c) => {
    let sum = 0;
    for (let i = c; i < data.length; i += 3) sum += data[i];
    return Math.round(sum / (data.length / 3));
  }) as [number, number, number];
}
const near = (rgb: [number, number, number], hex: string) => rgb.every((v, i) => Math.abs(v - parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)) <= 12);

describe('the QA workspace in chromium', () => {
  let stack: TestStack;
  let browser: Browser;
  let baseUrl: string;
  const contexts: BrowserContext[] = [];
  let admin: UserSession;
  let editor: TestAccount;
  let editor2: TestAccount;
  let coordinator: TestAccount;
  let dealer: TestAccount;
  let orderId: string;
  let imageId: string;
  let reasonTag: TagView;

  beforeAll(async () => {
    ({ stack, browser, baseUrl } = await startBrowserStack('browser-qa'));
    const lists = ['READ_QA_EDITOR_LIST', 'READ_QA_COORDINATOR_LIST'];
    [editor, editor2, coordinator, dealer] = await Promise.all([
      createAccount(stack, { role: 'QA', displayName: 'Edith Editor', email: 'edith.qa@example.test', roleTags: ['QA_EDITOR'], permissions: lists }),
      createAccount(stack, { role: 'QA', displayName: 'Eric Editor', email: 'eric.qa@example.test', roleTags: ['QA_EDITOR'], permissions: lists }),
      createAccount(stack, { role: 'QA', displayName: 'Cora Coordinator', email: 'cora.qa@example.test', roleTags: ['QA_COORDINATOR'], permissions: lists }),
      createAccount(stack, { role: 'Dealership', displayName: 'Fjordbil Bergen', email: 'fjordbil@example.test', permissions: ['CREATE_ORDERS', 'READ_ORDERS'], enabledQa: true }),
    ]);
    admin = await apiSignIn(stack, (await createAccount(stack, { role: 'Admin', email: 'ada.qa@example.test' })).email);
    reasonTag = (await admin.post('/api/tags').send({ name: REASON, category: 'IMAGE_ERROR', entity: 'image', color: 'red' }).expect(201)).body;
    // a free-form guide on the bypass route (quick), with an interior colour for the repush
    const guide = (
      await admin
        .post('/api/style-guides')
        .send({ name: 'Fjordbil Studio', outputWidth: 640, outputHeight: 480, maxImageSize: 300_000, frameFreeRouting: 'bypass', interiorColor: INTERIOR })
        .expect(201)
    ).body.id as string;
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealer.id, styleGuideId: guide }).expect(200);
    const asDealer = await apiSignIn(stack, dealer.email);
    const salesMan = (await createSalesPerson(stack, dealer.id, { name: 'Sigrid Salg' })).id;
    orderId = (await createOrder(asDealer, { styleGuide: guide, salesMan, orderName: ORDER_NAME, takenImagesCount: 1 })).id;
    imageId = (await uploadOrderImage(asDealer, orderId, 1, await testJpeg(640, 480))).id;
    // processed (bypass keeps the photo's sky) and waiting for QA
    await waitFor(async () => (await admin.get(`/api/orders/${orderId}`).expect(200)).body.status === 'QA stage', 'the order in QA stage', 60_000, 200);
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await stack?.close();
  });

  async function signedIn(email: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    const page = await context.newPage();
    await submitSignInForm(page, baseUrl, email);
    await page.waitForURL(/\/orders/);
    return page;
  }

  const shot = async (page: Page, name: string) => {
    if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  /** The QA list through the header menu, on the editor or the coordinator tab. */
  async function openQaList(page: Page, tab: 'Editor' | 'Coordinator' = 'Editor') {
    await page.getByTestId('header-menu').getByRole('link', { name: 'QA list' }).click();
    await page.waitForURL(`${baseUrl}/editing-page`);
    if (tab === 'Coordinator') {
      await page.getByRole('tab', { name: 'Coordinator' }).click();
      await page.waitForURL(`${baseUrl}/editing-page?list=coordinator`);
    }
    await page.getByRole('heading', { level: 1, name: 'QA list' }).waitFor();
  }

  const card = (page: Page, list: 'qa-own' | 'qa-unassigned'): Locator => page.getByTestId(list).getByTestId('qa-row').filter({ hasText: ORDER_NAME });
  const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' }).click();
  const toast = (page: Page) => page.getByTestId('toast-main');

  /** From the own list's card to the order, its select view and the picture in the image editing modal. */
  async function openPicture(page: Page): Promise<Locator> {
    await card(page, 'qa-own').getByRole('link', { name: ORDER_NAME }).click();
    await page.waitForURL(`${baseUrl}/order/${orderId}`);
    await page.getByTestId('order-tab-select').click();
    await page.getByRole('button', { name: 'Open the image of position 1' }).click();
    await page.waitForURL(`${baseUrl}/order/${orderId}/select/${imageId}`);
    const modal = page.getByRole('dialog', { name: /^Position 1/ });
    await modal.getByRole('img', { name: 'Optimized picture of position 1' }).waitFor();
    return modal;
  }

  const versionsIn = (where: Locator) => where.locator('li[data-version]').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-version')}${el.getAttribute('aria-current') ? '*' : ''}`));

  it('an editor picks, marks, repushes as interior and finishes; a coordinator sends back, then approves; the dealership asks for a re-edit', async () => {
    const page = await signedIn(editor.email);
    const other = await signedIn(editor2.email);
    // both editors see the order waiting in Unassigned
    await openQaList(other);
    await card(other, 'qa-unassigned').waitFor();
    await openQaList(page);
    expect(await page.getByTestId('qa-own').getByTestId('qa-row').count()).toBe(0);
    const waiting = card(page, 'qa-unassigned');
    expect(await waiting.textContent()).toContain('Fjordbil Bergen · Fjordbil Studio');
    expect(await waiting.getByTestId('qa-waited').textContent()).toMatch(/^waited \d+ min$/);
    await shot(page, 'qa-editor-unassigned');

    // Pick: the order moves to Your tasks, in progress
    await waiting.getByRole('button', { name: 'Pick' }).click();
    await card(page, 'qa-own').waitFor();
    expect(await card(page, 'qa-own').getByTestId('qa-task').textContent()).toBe('Edith Editor: in progress');
    expect(await card(page, 'qa-unassigned').count()).toBe(0);

    // the other editor, whose list still shows it unassigned, is told who has it
    await card(other, 'qa-unassigned').getByRole('button', { name: 'Pick' }).click();
    await waitFor(async () => (await toast(other).textContent()) === 'Pick - Error: Edith Editor has already picked this order', 'the toast naming the picker', 10_000, 100);
    await card(other, 'qa-unassigned').waitFor({ state: 'detached' });
    expect(await card(other, 'qa-own').count()).toBe(0);

    // the picture in the image editing modal: waiting for QA, one original and one pipeline output
    let modal = await openPicture(page);
    const badge = modal.locator('[data-badge]');
    expect(await badge.textContent()).toBe('Waiting for QA');
    await waitFor(async () => (await versionsIn(modal)).join() === 'pipeline*,original', 'the history of the first processing', 10_000, 100);
    const before = (await admin.get(`/api/images/data/${imageId}`).expect(200)).body as ImageView;
    expect(near(await cornerOf(before.url!), '#9cc3e6')).toBe(true);

    // mark for editing with the reason
    await modal.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: REASON }).click();
    await modal.getByRole('button', { name: 'Mark for editing' }).click();
    await waitFor(async () => (await badge.textContent()) === 'Requires edition', 'the Requires edition badge', 10_000, 100);
    expect(await badge.getAttribute('data-badge')).toBe('requiresEdition');
    expect(await modal.getByRole('button', { name: 'Mark for editing' }).isDisabled()).toBe(true);
    await shot(page, 'qa-modal-marked');

    // repush as interior from the modal
    await modal.getByRole('button', { name: 'Repush' }).click();
    const repush = page.getByRole('dialog', { name: 'Repush images (1)' });
    await repush.getByRole('button', { name: 'Interior' }).click();
    await repush.getByText('Interior: AI (NO ENHANCER), no margins, the interior colour').waitFor();
    for (const side of ['Top', 'Bottom', 'Left', 'Right']) expect(await repush.getByLabel(side).inputValue()).toBe('0');
    await shot(page, 'qa-repush-interior');
    await repush.getByRole('button', { name: 'Repush' }).click();
    await repush.waitFor({ state: 'detached' });
    await waitFor(async () => (await toast(page).textContent()) === 'Sent to processing again: 1', 'the repush toast', 10_000, 100);

    // the new version arrives while the modal is open: a second pipeline version, the current one
    await waitFor(async () => (await versionsIn(modal)).join() === 'pipeline*,pipeline,original', 'the new version in the history', 60_000, 250);
    const after = (await admin.get(`/api/images/data/${imageId}`).expect(200)).body as ImageView;
    expect(after).toMatchObject({ optimisationStatus: 'completed', optimisedVia: 'ai_no_enh', needsEdition: true });
    expect(near(await cornerOf(after.url!), INTERIOR)).toBe(true);
    // and the modal shows the new picture
    const shown = await modal.getByRole('img', { name: 'Optimized picture of position 1' }).getAttribute('src');
    expect(near(await cornerOf(shown!), INTERIOR)).toBe(true);
    expect(await badge.textContent()).toBe('Requires edition');
    await shot(page, 'qa-modal-repushed');

    // the timeline says who marked and who repushed it
    const timeline = page.getByTestId('timeline');
    for (const event of ['IMAGE_DECLINED', 'IMAGE_REPUSHED']) {
      await waitFor(async () => ((await timeline.locator(`[data-event="${event}"]`).first().textContent()) ?? '').endsWith(' · Edith Editor'), `${event} by Edith Editor`, 10_000, 100);
    }

    // the reason tag is on the picture: the select view's panel of the selected picture
    await modal.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${baseUrl}/order/${orderId}/select`);
    await page.getByLabel('Select the image of position 1').check();
    const panel = page.getByTestId('selection-panel');
    await panel.locator(`[data-tag-id="${reasonTag.id}"]`).waitFor();
    expect(await panel.getByTestId('selection-tags').textContent()).toBe(REASON);
    await shot(page, 'qa-select-panel');

    // Done: the order waits for a coordinator
    await openQaList(page);
    await card(page, 'qa-own').getByRole('button', { name: 'Done' }).click();
    await waitFor(async () => (await card(page, 'qa-own').getByTestId('qa-task').textContent()) === 'Edith Editor: done', 'the task done', 10_000, 100);
    expect(await card(page, 'qa-own').getByRole('button', { name: 'Done' }).count()).toBe(0);

    // the coordinator picks it and sends it back after confirming
    const coord = await signedIn(coordinator.email);
    await openQaList(coord, 'Coordinator');
    await card(coord, 'qa-unassigned').waitFor();
    expect(await card(coord, 'qa-unassigned').getByTestId('qa-editor-task').textContent()).toBe('Editor Edith Editor: done');
    await card(coord, 'qa-unassigned').getByRole('button', { name: 'Pick' }).click();
    await card(coord, 'qa-own').waitFor();
    expect(await card(coord, 'qa-own').getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await card(coord, 'qa-own').getByRole('button', { name: 'Send back' }).click();
    const sendBack = coord.getByRole('dialog', { name: `Send ${ORDER_NAME} back?` });
    expect(await sendBack.getByText('1 of 1 images are not approved. The order goes back to the editor.').count()).toBe(1);
    await shot(coord, 'qa-coordinator-send-back');
    await sendBack.getByRole('button', { name: 'Send back' }).click();
    await sendBack.waitFor({ state: 'detached' });

    // the editor's list shows it sent back (REJECTED); she approves the picture and is done again
    await refresh(page);
    await waitFor(async () => (await card(page, 'qa-own').getByTestId('qa-task').textContent()) === 'Edith Editor: sent back', 'the task sent back', 10_000, 100);
    await shot(page, 'qa-editor-sent-back');
    modal = await openPicture(page);
    await modal.getByRole('button', { name: 'Approve' }).click();
    await waitFor(async () => (await modal.locator('[data-badge]').textContent()) === 'Approved', 'the Approved badge', 10_000, 100);
    await modal.getByRole('button', { name: 'Close' }).click();
    await openQaList(page);
    await card(page, 'qa-own').getByRole('button', { name: 'Done' }).click();
    await waitFor(async () => (await card(page, 'qa-own').getByTestId('qa-task').textContent()) === 'Edith Editor: done', 'the task done again', 10_000, 100);

    // the coordinator approves after confirming: Ready to download, gone from the lists
    await refresh(coord);
    const approve = card(coord, 'qa-own').getByRole('button', { name: 'Approve' });
    await approve.waitFor();
    expect(await card(coord, 'qa-own').getByRole('button', { name: 'Send back' }).count()).toBe(0);
    await approve.click();
    const approveDialog = coord.getByRole('dialog', { name: `Approve ${ORDER_NAME}?` });
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await card(coord, 'qa-own').waitFor({ state: 'detached' });
    await coord.goto(`${baseUrl}/order/${orderId}`);
    await waitFor(async () => (await coord.getByRole('combobox', { name: 'Status', exact: true }).textContent()) === 'Ready to download', 'Ready to download', 10_000, 100);
    expect(await coord.getByRole('combobox', { name: 'QA status' }).textContent()).toBe('Approved');

    // the dealership sees the edited picture, not "Requires edition", and its history, read-only
    const dealerPage = await signedIn(dealer.email);
    await dealerPage.locator(`tr[data-id="${orderId}"]`).getByText(ORDER_NAME).click();
    await dealerPage.waitForURL(`${baseUrl}/order/${orderId}`);
    const picture = dealerPage.getByTestId('image-1');
    const img = picture.getByRole('img', { name: 'Position 1' });
    await waitFor(async () => (await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)) > 0, 'the picture', 20_000, 200);
    expect(near(await cornerOf((await img.getAttribute('src'))!), INTERIOR)).toBe(true);
    expect(await picture.getByTestId('image-label').textContent()).not.toMatch(/edition/i);
    expect(await picture.getByText('Requires edition').count()).toBe(0);
    await picture.getByRole('button', { name: 'Image history' }).click();
    const history = dealerPage.getByRole('dialog', { name: 'Image history' });
    await waitFor(async () => (await versionsIn(history)).join() === 'pipeline*,pipeline,original', 'the history for the dealership', 10_000, 100);
    expect(await history.getByRole('button', { name: 'Restore version' }).count()).toBe(0);
    await shot(dealerPage, 'dealer-history');
    await history.getByRole('button', { name: 'Close' }).click();

    // and asks for a re-edit with a reason
    await picture.getByRole('button', { name: 'Ask for a re-edit' }).click();
    const ask = dealerPage.getByRole('dialog', { name: 'Ask for a re-edit of position 1' });
    await ask.getByRole('combobox', { name: /^Reason/ }).click();
    await dealerPage.getByRole('option', { name: 'Reflections' }).click();
    await ask.getByLabel(/^What should change/).fill('The roof still shows the studio lamps');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await ask.waitFor({ state: 'detached' });
    const state = picture.getByTestId('re-edit-state');
    await state.waitFor();
    expect(await state.getAttribute('data-state')).toBe('open');
    expect(await state.textContent()).toMatch(/^Re-edit requested: [34] h \d+ min left$/);
    await shot(dealerPage, 'dealer-re-edit');

    // QA: the order is back in Unassigned, marked with the request and its due time
    await refresh(page);
    const back = card(page, 'qa-unassigned');
    await back.waitFor();
    expect(await card(page, 'qa-own').count()).toBe(0);
    expect(await back.getByTestId('qa-re-edit').textContent()).toMatch(/^Re-edit requests: 1, due \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await back.getByText('Overdue').count()).toBe(0);
    await shot(page, 'qa-re-edit-unassigned');
    // the order's QA tab says what the dealership asked and how long is left
    await back.getByRole('link', { name: ORDER_NAME }).click();
    await page.waitForURL(`${baseUrl}/order/${orderId}`);
    const asked = page.getByTestId('re-edit-qa');
    await asked.waitFor();
    expect(await asked.textContent()).toContain('The dealership asks: Reflections: The roof still shows the studio lamps');
    expect(await asked.getByTestId('re-edit-state').textContent()).toMatch(/^Re-edit requested: [34] h \d+ min left$/);
    expect(await page.getByRole('combobox', { name: 'Status', exact: true }).textContent()).toBe('QA stage');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }, 240_000);
});
