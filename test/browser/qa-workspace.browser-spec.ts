import type { ImageView, TagView } from '@app/contracts';
import { testJpeg, waitFor } from '@app/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  createAccount,
  createOrder,
  createOrderInQaStage,
  createSalesPerson,
  screenshot,
  signIn as apiSignIn,
  uploadOrderImage,
  useBrowserStack,
  type TestAccount,
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
interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
}
interface DomNode {
  textContent: string | null;
  parentElement: DomElement | null;
}
interface DomElement extends DomNode {
  closest(selector: string): DomElement | null;
  getBoundingClientRect(): Rect;
}
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  body: unknown;
  createTreeWalker(root: unknown, show: number): { nextNode(): DomNode | null };
  createRange(): { selectNodeContents(node: unknown): void; getClientRects(): Iterable<Rect> };
  querySelectorAll(selector: string): Iterable<DomElement>;
};
declare const window: { innerWidth: number; innerHeight: number };
declare function getComputedStyle(element: unknown): { visibility: string; overflowX: string };

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
  const web = useBrowserStack('browser-qa');
  let admin: UserSession;
  let editor: TestAccount;
  let editor2: TestAccount;
  let coordinator: TestAccount;
  let dealer: TestAccount;
  let orderId: string;
  let imageId: string;
  let reasonTag: TagView;

  beforeAll(async () => {
    const lists = ['READ_QA_EDITOR_LIST', 'READ_QA_COORDINATOR_LIST'];
    [editor, editor2, coordinator, dealer] = await Promise.all([
      createAccount(web.stack, { role: 'QA', displayName: 'Edith Editor', email: 'edith.qa@example.test', roleTags: ['QA_EDITOR'], permissions: lists }),
      createAccount(web.stack, { role: 'QA', displayName: 'Eric Editor', email: 'eric.qa@example.test', roleTags: ['QA_EDITOR'], permissions: lists }),
      createAccount(web.stack, { role: 'QA', displayName: 'Cora Coordinator', email: 'cora.qa@example.test', roleTags: ['QA_COORDINATOR'], permissions: lists }),
      createAccount(web.stack, { role: 'Dealership', displayName: 'Fjordbil Bergen', email: 'fjordbil@example.test', permissions: ['CREATE_ORDERS', 'READ_ORDERS'], enabledQa: true }),
    ]);
    admin = await apiSignIn(web.stack, (await createAccount(web.stack, { role: 'Admin', email: 'ada.qa@example.test' })).email);
    reasonTag = (await admin.post('/api/tags').send({ name: REASON, category: 'IMAGE_ERROR', entity: 'image', color: 'red' }).expect(201)).body;
    // an interior colour on the guide for the repush; bypass keeps the photo's sky
    orderId = await createOrderInQaStage(web.stack, admin, dealer, {
      orderName: ORDER_NAME,
      takenImagesCount: 1,
      interiorColor: INTERIOR,
      upload: async (asDealer, id) => {
        imageId = (await uploadOrderImage(asDealer, id, 1, await testJpeg(640, 480))).id;
      },
    });
  }, 120_000);

  const signedIn = (email: string): Promise<Page> => web.signedInPage(email, { landing: /\/orders/ });

  /** The QA list through the header menu, on the editor or the coordinator tab. */
  async function openQaList(page: Page, tab: 'Editor' | 'Coordinator' = 'Editor') {
    await page.getByTestId('header-menu').getByRole('link', { name: 'QA list' }).click();
    await page.waitForURL(`${web.baseUrl}/editing-page`);
    if (tab === 'Coordinator') {
      await page.getByRole('tab', { name: 'Coordinator' }).click();
      await page.waitForURL(`${web.baseUrl}/editing-page?list=coordinator`);
    }
    await page.getByRole('heading', { level: 1, name: 'QA list' }).waitFor();
  }

  const card = (page: Page, list: 'qa-own' | 'qa-unassigned'): Locator => page.getByTestId(list).getByTestId('qa-row').filter({ hasText: ORDER_NAME });
  const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' }).click();
  const toast = (page: Page) => page.getByTestId('toast-main');

  /** From the own list's card to the order (its QA tab) and the picture in the image editing modal. */
  async function openPicture(page: Page): Promise<Locator> {
    await card(page, 'qa-own').getByRole('link', { name: ORDER_NAME }).click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}`);
    await page.getByRole('button', { name: 'Open the image of position 1' }).click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}/select/${imageId}`);
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
    await screenshot(page, 'qa-editor-unassigned');

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
    await screenshot(page, 'qa-modal-marked');

    // repush as interior from the modal
    await modal.getByRole('button', { name: 'Repush' }).click();
    const repush = page.getByRole('dialog', { name: 'Repush images (1)' });
    await repush.getByRole('button', { name: 'Interior' }).click();
    await repush.getByText('Interior: AI (NO ENHANCER), no margins, the interior colour').waitFor();
    for (const side of ['Top', 'Bottom', 'Left', 'Right']) expect(await repush.getByLabel(side).inputValue()).toBe('0');
    await screenshot(page, 'qa-repush-interior');
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
    await screenshot(page, 'qa-modal-repushed');

    // the timeline says who marked it and why, and who repushed it
    const timeline = page.getByTestId('timeline');
    for (const event of ['IMAGE_DECLINED', 'IMAGE_REPUSHED']) {
      await waitFor(async () => ((await timeline.locator(`[data-event="${event}"]`).first().textContent()) ?? '').endsWith(' · Edith Editor'), `${event} by Edith Editor`, 10_000, 100);
    }
    expect(await timeline.locator('[data-event="IMAGE_DECLINED"]').first().textContent()).toContain(`1 · ${REASON}`);

    // the reason tag is on the picture: the select view's panel of the selected picture
    await modal.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}/select`);
    await page.getByLabel('Select the image of position 1').check();
    const panel = page.getByTestId('selection-panel');
    await panel.locator(`[data-tag-id="${reasonTag.id}"]`).waitFor();
    expect(await panel.getByTestId('selection-tags').textContent()).toBe(REASON);
    expect(await panel.getByText('Selected: 1').count()).toBe(1);
    expect(await panel.getByRole('button', { name: 'Repush' }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Download selected' }).isDisabled()).toBe(false);
    await screenshot(page, 'qa-select-panel');

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
    await screenshot(coord, 'qa-coordinator-send-back');
    await sendBack.getByRole('button', { name: 'Send back' }).click();
    await sendBack.waitFor({ state: 'detached' });

    // the editor's list shows it sent back (REJECTED); she approves the picture and is done again
    await refresh(page);
    await waitFor(async () => (await card(page, 'qa-own').getByTestId('qa-task').textContent()) === 'Edith Editor: sent back', 'the task sent back', 10_000, 100);
    await screenshot(page, 'qa-editor-sent-back');
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
    await coord.goto(`${web.baseUrl}/order/${orderId}`);
    await waitFor(async () => (await coord.getByRole('combobox', { name: 'Status', exact: true }).textContent()) === 'Ready to download', 'Ready to download', 10_000, 100);
    expect(await coord.getByRole('combobox', { name: 'QA status' }).textContent()).toBe('Approved');
    // the timeline says where the editor's task went: from sent back to done
    const task = coord.getByTestId('timeline').locator('[data-event="QA_TASK_UPDATED"]').first();
    await task.waitFor();
    expect(await task.textContent()).toMatch(/^QA task updatedsent back → done\d{4}-/);

    // the dealership sees the edited picture, not "Requires edition", and its history, read-only
    const dealerPage = await signedIn(dealer.email);
    await dealerPage.locator(`tr[data-id="${orderId}"]`).getByText(ORDER_NAME).click();
    await dealerPage.waitForURL(`${web.baseUrl}/order/${orderId}`);
    await dealerPage.getByTestId('order-header').locator('[data-status="Ready to download"]').waitFor();
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
    // the picture it uploaded shows as a picture, not as an empty box
    expect(await history.locator('li[data-version="original"] img').count()).toBe(1);
    // said once, by the dialog's title
    expect(await history.getByText('Image history', { exact: true }).count()).toBe(1);
    await screenshot(dealerPage, 'dealer-history');
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
    await screenshot(dealerPage, 'dealer-re-edit');
    // the order is back with QA, and the timeline names the reason as the dialog did
    await dealerPage.getByTestId('order-header').locator('[data-status="QA stage"]').waitFor();
    const requested = dealerPage.getByTestId('timeline').locator('[data-event="RE_EDIT_REQUESTED"]');
    await requested.waitFor();
    expect(await requested.textContent()).toMatch(/^Re-edit requested1 · Reflections\d{4}-\d{2}-\d{2} [\d:]+ · Fjordbil Bergen$/);

    // QA: the order is back in Unassigned, marked with the request and its due time
    await refresh(page);
    const back = card(page, 'qa-unassigned');
    await back.waitFor();
    expect(await card(page, 'qa-own').count()).toBe(0);
    expect(await back.getByTestId('qa-re-edit').textContent()).toMatch(/^Re-edit requests: 1, due \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[34] h \d+ min left$/);
    expect(await back.getByTestId('qa-re-edit-left').textContent()).toMatch(/^[34] h \d+ min left$/);
    expect(await back.getByText('Overdue').count()).toBe(0);
    await screenshot(page, 'qa-re-edit-unassigned');
    // the order's QA tab says what the dealership asked and how long is left
    await back.getByRole('link', { name: ORDER_NAME }).click();
    await page.waitForURL(`${web.baseUrl}/order/${orderId}`);
    const asked = page.getByTestId('re-edit-qa');
    await asked.waitFor();
    expect(await asked.textContent()).toContain('The dealership asks: Reflections: The roof still shows the studio lamps');
    expect(await asked.getByTestId('re-edit-state').textContent()).toMatch(/^Re-edit requested: [34] h \d+ min left$/);
    expect(await page.getByRole('combobox', { name: 'Status', exact: true }).textContent()).toBe('QA stage');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }, 240_000);

  /**
   * Layout of the QA screens at 1440 px and 390 px, in English, Japanese and Hindi: the work
   * lists (both tabs), the image editing modal, the repush dialog, the select view with its
   * side panel, and the dealership's order view with a re-edit request and its history. On
   * each: the page does not scroll sideways, no text sits outside the window or one character
   * a line, dialogs fit the window, and no English string is left where the language has its own.
   */
  describe('layout of the QA screens', () => {
    const LANGUAGES = ['en', 'jp', 'hi'] as const;
    const VIEWPORTS = [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ];
    const LONG = 'Volkswagen ID. Buzz Pro Long Wheelbase – AB 12 345';
    let layoutQa: TestAccount;
    let layoutDealer: TestAccount;
    let processed: { orderId: string; imageId: string };

    /** The strings of a language by key (`imageEditing.repush`). */
    const strings = (lang: string): Map<string, string> => {
      const flat = (o: Record<string, unknown>, prefix = '', out = new Map<string, string>()) => {
        for (const [k, v] of Object.entries(o)) {
          if (v && typeof v === 'object') flat(v as Record<string, unknown>, `${prefix}${k}.`, out);
          else if (typeof v === 'string') out.set(`${prefix}${k}`, v);
        }
        return out;
      };
      return flat(JSON.parse(readFileSync(join(__dirname, '..', '..', 'web', 'src', 'locales', `${lang}.json`), 'utf8')) as Record<string, unknown>);
    };
    /** The strings of a language that differ from English: none of their English texts may show. */
    const english = (lang: string): Set<string> => {
      const en = strings('en');
      const other = strings(lang);
      const left = new Set<string>();
      for (const [key, text] of en) if (other.get(key) !== text && !text.includes('{{') && text.length >= 3) left.add(text);
      return left;
    };

    beforeAll(async () => {
      const lists = ['READ_QA_EDITOR_LIST', 'READ_QA_COORDINATOR_LIST'];
      [layoutQa, layoutDealer] = await Promise.all([
        createAccount(web.stack, { role: 'QA', displayName: 'Lakshmi Layout-Subramanian', email: 'layout.qa@example.test', roleTags: ['QA_EDITOR', 'QA_COORDINATOR'], permissions: lists }),
        createAccount(web.stack, { role: 'Dealership', displayName: 'Nordlys Bilcenter Aarhus Syd ApS', email: 'layout.dealer@example.test', permissions: ['CREATE_ORDERS', 'READ_ORDERS'], enabledQa: true }),
      ]);
      const [asQa, asOther, asDealer] = await Promise.all([apiSignIn(web.stack, layoutQa.email), apiSignIn(web.stack, editor2.email), apiSignIn(web.stack, layoutDealer.email)]);
      const priority = (await admin.post('/api/tags').send({ name: 'Priority customer', category: 'PRIORITY', entity: 'order', color: 'orange' }).expect(201)).body as TagView;
      const row = async (name: string) =>
        (
          await createOrder(web.stack, {
            accountId: layoutDealer.id,
            accountName: 'Nordlys Bilcenter Aarhus Syd ApS',
            orderName: name,
            status: 'QA stage',
            QAstatus: 'Waiting For QA',
            styleGuideName: 'Nordlys Studio Interior and Exterior',
            enabledQa: true,
            takenImagesCount: 8,
            createdAt: new Date(Date.now() - 30 * 3_600_000),
          })
        ).id;
      const pick = (who: UserSession, id: string, role: 'editor' | 'coordinator') => who.post(`/api/orders/${id}/qa/pick`).send({ role }).expect(200);
      const done = (who: UserSession, id: string) => who.put(`/api/orders/${id}/qa/task`).send({ state: 'DONE' }).expect(200);
      // the editor's own task, with a priority tag
      const mine = await row(`${LONG} 1`);
      await admin.post(`/api/tags/orders/${mine}`).send({ tagId: priority.id }).expect(201);
      await pick(asQa, mine, 'editor');
      // the coordinator's own task and one waiting for a coordinator, both done by another editor
      for (const [i, coordinate] of [
        [2, true],
        [3, false],
      ] as const) {
        const id = await row(`${LONG} ${i}`);
        await pick(asOther, id, 'editor');
        await done(asOther, id);
        if (coordinate) await pick(asQa, id, 'coordinator');
      }
      // an overdue re-edit request in the editors' unassigned list
      const overdue = await row(`${LONG} 4`);
      await web.stack.db.query('UPDATE orders.orders SET re_edit_open_count = 2, re_edit_due_at = $2 WHERE id = $1', [overdue, new Date(Date.now() - 3_600_000)]);

      // an order of the dealership, processed, approved, then asked to be edited again
      const guide = (await admin.post('/api/style-guides').send({ name: 'Nordlys Studio Interior and Exterior', outputWidth: 640, outputHeight: 480, maxImageSize: 300_000, frameFreeRouting: 'bypass' }).expect(201)).body.id as string;
      await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: layoutDealer.id, styleGuideId: guide }).expect(200);
      const salesMan = (await createSalesPerson(web.stack, layoutDealer.id, { name: 'Mette Kristensen-Højgaard' })).id;
      const orderId = (await createOrder(asDealer, { styleGuide: guide, salesMan, orderName: `${LONG} 5`, takenImagesCount: 2 })).id;
      const photo = await testJpeg(640, 480);
      const imageId = (await uploadOrderImage(asDealer, orderId, 1, photo)).id;
      await uploadOrderImage(asDealer, orderId, 2, photo);
      await waitFor(async () => (await admin.get(`/api/orders/${orderId}`).expect(200)).body.status === 'QA stage', 'the layout order in QA stage', 60_000, 200);
      await asQa.post(`/api/images/approval/${imageId}`).send({ approved: false, errorTagId: reasonTag.id }).expect(200);
      await admin.put(`/api/orders/approval/${orderId}/true`).expect(200);
      await asDealer.post(`/api/images/${imageId}/re-edit-requests`).send({ reason: 'other', text: 'The reflection of the showroom lamps on the bonnet is still visible, please remove it' }).expect(201);
      await waitFor(async () => (await admin.get(`/api/orders/${orderId}`).expect(200)).body.status === 'QA stage', 'the re-edit request back in QA', 20_000, 200);
      processed = { orderId, imageId };
    }, 120_000);

    async function signedInAs(account: TestAccount, lang: string, viewport: { width: number; height: number }): Promise<Page> {
      await admin.put(`/api/users/${account.id}`).send({ language: lang }).expect(200);
      return web.signedInPage(account.email, { viewport, landing: /\/orders/ });
    }

    /** What is wrong with the page as shown: sideways scrolling, text off the window or one character a line, dialogs larger than the window, English left. */
    async function problems(page: Page, leftEnglish: Set<string>): Promise<string[]> {
      await page.waitForLoadState('networkidle');
      const found = await page.evaluate((englishTexts: string[]) => {
        const out: string[] = [];
        const { scrollWidth, clientWidth } = document.documentElement;
        if (scrollWidth > clientWidth) out.push(`the page scrolls sideways: ${scrollWidth} > ${clientWidth}`);
        const english = new Set(englishTexts);
        const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = (node.textContent ?? '').trim();
          const parent = node.parentElement;
          if (!text || !parent || getComputedStyle(parent).visibility === 'hidden') continue;
          // what sits in a horizontal scroller (the tabs) may leave the window
          if (parent.closest('.MuiTabs-scroller, [aria-hidden="true"]')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (rects.length === 0) continue;
          const lines = new Set(rects.map((r) => Math.round(r.top))).size;
          if (lines >= 3 && text.length / lines <= 2) out.push(`"${text}" takes ${lines} lines`);
          const left = Math.min(...rects.map((r) => r.left));
          const right = Math.max(...rects.map((r) => r.right));
          if (left < -1 || right > window.innerWidth + 1) out.push(`"${text}" leaves the window (${Math.round(left)}..${Math.round(right)})`);
          // tags are named by the admin, in one language
          if (english.has(text) && !parent.closest('.MuiChip-root[data-tag-color], [data-tag-id]')) out.push(`"${text}" is left in English`);
        }
        for (const dialog of document.querySelectorAll('.MuiDialog-paper')) {
          const r = dialog.getBoundingClientRect();
          if (r.left < 0 || r.right > window.innerWidth) out.push(`a dialog is wider than the window (${Math.round(r.left)}..${Math.round(r.right)})`);
          // a dialog that scrolls its content fits the window's height too
          if (dialog.closest('.MuiDialog-scrollPaper') && (r.top < 0 || r.bottom > window.innerHeight)) out.push(`a dialog is taller than the window (${Math.round(r.top)}..${Math.round(r.bottom)})`);
        }
        return out;
      }, [...leftEnglish]);
      return [...new Set(found)];
    }

    for (const lang of LANGUAGES) {
      for (const viewport of VIEWPORTS) {
        it(`fits at ${viewport.width} px in ${lang}`, async () => {
          const leftEnglish = lang === 'en' ? new Set<string>() : english(lang);
          const where = `${viewport.width}-${lang}`;
          const words = strings(lang);
          const check = async (page: Page, screen: string, dialog?: Locator) => {
            await page.waitForLoadState('networkidle');
            // a dialog scrolls in a layer over the page: a window as tall as the dialog shows all of it
            if (dialog && process.env.SCREENSHOTS) {
              // once it has faded in
              await dialog.evaluate((el) => new Promise((done) => setTimeout(done, 400, el)));
              const height = await dialog.evaluate((el) => (el as unknown as { closest(s: string): { scrollHeight: number } }).closest('.MuiDialog-container').scrollHeight);
              await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
              await page.screenshot({ path: join(process.env.SCREENSHOTS, `layout-${screen}-${where}.png`) });
              await page.setViewportSize(viewport);
            } else await screenshot(page, `layout-${screen}-${where}`);
            expect({ screen, problems: await problems(page, leftEnglish) }).toEqual({ screen, problems: [] });
          };
          const page = await signedInAs(layoutQa, lang, viewport);

          // the work lists, both tabs, each list with its cards
          await page.goto(`${web.baseUrl}/editing-page`);
          await page.getByTestId('qa-own').getByTestId('qa-row').first().waitFor();
          await page.getByTestId('qa-unassigned').getByTestId('qa-re-edit').first().waitFor();
          await check(page, 'qa-editor');
          await page.goto(`${web.baseUrl}/editing-page?list=coordinator`);
          await page.getByTestId('qa-own').getByTestId('qa-editor-task').first().waitFor();
          await page.getByTestId('qa-unassigned').getByTestId('qa-row').first().waitFor();
          await check(page, 'qa-coordinator');

          // the image editing modal from the editing page, with its history
          await page.goto(`${web.baseUrl}/editing-page/${processed.orderId}/${processed.imageId}`);
          const modal = page.getByRole('dialog');
          await modal.locator('li[data-version]').first().waitFor();
          await modal.locator('[data-badge]').waitFor();
          await check(page, 'image-editing-modal', modal);

          // the repush dialog over it
          await modal.getByRole('button', { name: words.get('imageEditing.repush'), exact: true }).click();
          await page.locator('.MuiDialog-scrollPaper input[type="color"]').waitFor();
          await check(page, 'repush-dialog', page.getByRole('dialog').filter({ has: page.locator('input[type="color"]') }));
          await page.keyboard.press('Escape');
          await page.locator('.MuiDialog-scrollPaper input[type="color"]').waitFor({ state: 'detached' });
          await page.keyboard.press('Escape');
          await page.waitForURL(`${web.baseUrl}/editing-page`);

          // the select view with the side panel of a selected picture and its tag
          await page.goto(`${web.baseUrl}/order/${processed.orderId}/select`);
          await page.getByTestId('image-1').locator('input[type="checkbox"]').check();
          await page.getByTestId('selection-panel').locator(`[data-tag-id="${reasonTag.id}"]`).waitFor();
          await check(page, 'select-view');
          expect(await page.getByTestId('selection-panel').getByRole('button', { name: words.get('orderDetail.panel.repush') }).isDisabled()).toBe(false);

          // the dealership's order view with the re-edit request, and the picture's history
          const dealerPage = await signedInAs(layoutDealer, lang, viewport);
          await dealerPage.goto(`${web.baseUrl}/order/${processed.orderId}`);
          await dealerPage.getByTestId('image-1').getByTestId('re-edit-state').waitFor();
          await check(dealerPage, 'dealer-order');
          await dealerPage.getByTestId('image-1').getByRole('button', { name: words.get('imageHistory.title'), exact: true }).click();
          await dealerPage.getByRole('dialog').locator('li[data-version]').first().waitFor();
          await check(dealerPage, 'dealer-history', dealerPage.getByRole('dialog'));
          await dealerPage.keyboard.press('Escape');
          await dealerPage.getByRole('dialog').waitFor({ state: 'detached' });
          // and the request dialog of the other picture
          await dealerPage.getByTestId('image-2').getByRole('button', { name: words.get('reEdit.ask'), exact: true }).click();
          await dealerPage.getByRole('dialog').getByRole('combobox').waitFor();
          await check(dealerPage, 'dealer-ask-re-edit', dealerPage.getByRole('dialog'));
          // the position is called as everywhere else in the language
          const title = (await dealerPage.getByRole('dialog').locator('h2').textContent())!.toLowerCase();
          expect(title).toContain(words.get('common.positionLabel')!.replace('{{position}}', '2').toLowerCase());
          await page.context().close();
          await dealerPage.context().close();
        }, 90_000);
      }
    }
  });
});
