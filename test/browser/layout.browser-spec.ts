import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import {
  createAccount,
  createOrder,
  createSalesPerson,
  screenshot,
  signIn as apiSignIn,
  submitSignInForm,
  uploadMedia,
  useBrowserStack,
  type TestAccount,
} from '../support';

/**
 * How the lists and previews fit, in Debian's chromium against the whole product booted
 * in-process (set up as shell.browser-spec.ts): the orders list at 1440 px and 390 px in
 * English, Japanese and Hindi (nothing covered by the sticky actions, the status on every
 * card), the headers of every list readable (never one character per line), angle overlays
 * (white line art) on a dark tile, and a bad id in an admin link saying it is not found.
 * `SCREENSHOTS=/some/dir` keeps pictures of every screen looked at.
 */

// what the functions run in the page use of the browser (the tests compile without the DOM library)
interface Box {
  left: number;
  right: number;
  top: number;
  width: number;
}
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  createTreeWalker(root: unknown, show: number): { nextNode(): unknown };
  createRange(): { selectNodeContents(node: unknown): void; getClientRects(): Iterable<Box> };
};
declare const window: { innerWidth: number };
interface ElementLike {
  scrollWidth: number;
  clientWidth: number;
}
declare function getComputedStyle(element: unknown): { fontSize: string; backgroundColor: string };

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
const LANGUAGES = ['en', 'jp', 'hi'] as const;
type Lang = (typeof LANGUAGES)[number];

/** White line art on transparent, as angle overlays are. */
async function whiteLineArt(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><g fill="none" stroke="#fff" stroke-width="4">
    <path d="M10 70 L40 40 L120 40 L150 70 Z"/><circle cx="45" cy="75" r="12"/><circle cx="115" cy="75" r="12"/></g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Each header cell: its text, its width, how many lines the text takes and the font size. */
interface HeaderBox {
  text: string;
  width: number;
  lines: number;
  fontSize: number;
  /** cut short (an ellipsis) */
  truncated: boolean;
}

async function headerBoxes(page: Page, selector: string): Promise<HeaderBox[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .map((el) => {
        // a line is a distinct top among the boxes of the text (icons left out)
        const tops = new Set<number>();
        const walker = document.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
        }
        const cell = el.closest('th, [role="columnheader"]') ?? el;
        const box = el as unknown as ElementLike;
        return {
          text: (el.textContent ?? '').trim(),
          width: cell.getBoundingClientRect().width,
          lines: tops.size,
          fontSize: parseFloat(getComputedStyle(el).fontSize),
          truncated: box.scrollWidth > box.clientWidth + 1,
        };
      })
      .filter((h) => h.text !== ''),
  );
}

/** No header on one character per line or cut short: at most two lines, whole, and room for two characters at least. */
function expectReadableHeaders(headers: HeaderBox[], where: string) {
  expect(headers.length).toBeGreaterThan(0);
  const bad = headers.filter((h) => h.lines > 2 || h.truncated || h.width < 2 * h.fontSize);
  expect({ where, bad }).toEqual({ where, bad: [] });
}

describe('layout of the lists and previews in chromium', () => {
  const web = useBrowserStack('browser-layout');
  const admins = {} as Record<Lang, TestAccount>;
  let dealer: TestAccount;
  let angleId = '';
  let guideName = '';

  beforeAll(async () => {
    for (const lang of LANGUAGES) {
      admins[lang] = await createAccount(web.stack, { role: 'Admin', displayName: `Layout Admin ${lang}`, email: `layout.${lang}@example.test` });
      const session = await apiSignIn(web.stack, admins[lang].email);
      await session.put(`/api/users/${admins[lang].id}`).send({ language: lang }).expect(200);
    }
    dealer = await createAccount(web.stack, {
      role: 'Dealership',
      displayName: 'Nordlys Bilcenter Aarhus Syd',
      email: 'layout.dealer@example.test',
      permissions: ['CREATE_ORDERS', 'READ_ORDERS'],
    });
    const salesPerson = await createSalesPerson(web.stack, dealer.id, { name: 'Mette Kristensen-Højgaard' });
    const statuses = ['Uploading', 'In Progress', 'Ready to download', 'Completed', 'QA stage'] as const;
    for (let i = 0; i < 10; i++) {
      await createOrder(web.stack, {
        accountId: dealer.id,
        accountName: 'Nordlys Bilcenter Aarhus Syd',
        accountEmail: dealer.email,
        orderName: `Volkswagen ID.4 Pro Performance ${i + 1} – AB 12 34${i}`,
        note: 'Please remove the reflection on the left door and keep the number plate visible',
        status: statuses[i % statuses.length],
        salesPersonId: salesPerson.id,
        salesPersonName: 'Mette Kristensen-Højgaard',
        styleGuideName: 'Nordlys Studio',
        enabledQa: true,
      });
    }

    const asAdmin = await apiSignIn(web.stack, admins.en.email);
    const overlay = await uploadMedia(asAdmin, 'angle_overlay', await whiteLineArt());
    const angle = await asAdmin.post('/api/angle').send({ name: 'Front three quarters', category: 'exterior', defaultAngleOverlayId: overlay }).expect(201);
    angleId = angle.body.id;
    guideName = 'Nordlys Overlay Studio';
    const guide = await asAdmin.post('/api/style-guides').send({ name: guideName, outputWidth: 1600, outputHeight: 1200, maxImageSize: 800_000 }).expect(201);
    await asAdmin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealer.id, styleGuideId: guide.body.id }).expect(200);
    for (const position of [1, 2]) {
      await asAdmin.post('/api/style-guide-configurations').send({ styleGuideId: guide.body.id, position, angleId, routeTo: 'bypass' }).expect(201);
    }
  }, 120_000);

  const newPage = (viewport: { width: number; height: number }): Promise<Page> => web.newPage({ viewport });

  async function signIn(page: Page, email: string) {
    await submitSignInForm(page, web.baseUrl, email);
    await page.waitForURL(/\/orders/);
  }

  /** The page does not scroll sideways. */
  const pageWidth = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

  describe.each(LANGUAGES)('the orders list of an admin in %s', (lang) => {
    it('fits at 1440 px: the sticky actions cover nothing and every header is readable', async () => {
      const page = await newPage(WIDE);
      await signIn(page, admins[lang].email);
      const table = page.locator('table');
      await table.locator('tbody tr[data-id]').nth(9).waitFor();
      await screenshot(page, `orders-admin-1440-${lang}`);

      // the table needs no sideways scrolling, so the sticky actions column sits beside Updated and the note
      const scroll = await table.evaluate((el) => ({ scroll: el.parentElement!.scrollWidth, client: el.parentElement!.clientWidth }));
      expect(scroll.scroll).toBeLessThanOrEqual(scroll.client);
      const right = (field: string) => table.locator(`tbody tr[data-id] td[data-field="${field}"]`).first().evaluate((el) => el.getBoundingClientRect().right);
      const actionsLeft = await table.locator('tbody tr[data-id] td[data-field="actions"]').first().evaluate((el) => el.getBoundingClientRect().left);
      expect(await right('updatedAt')).toBeLessThanOrEqual(actionsLeft + 0.5);
      expect(await right('note')).toBeLessThanOrEqual(actionsLeft + 0.5);
      expectReadableHeaders(await headerBoxes(page, 'thead th'), `orders 1440 ${lang}`);
      // a date and time take two lines at most: the date never breaks at its hyphens
      const times = await headerBoxes(page, 'tbody tr[data-id] td[data-field="createdAt"], tbody tr[data-id] td[data-field="updatedAt"]');
      expect(times.filter((cell) => cell.lines > 2)).toEqual([]);
      expect(await pageWidth(page)).toEqual(expect.objectContaining({ scroll: WIDE.width }));
    }, 60_000);

    it('at 390 px every order is a card that shows its status', async () => {
      const page = await newPage(NARROW);
      await signIn(page, admins[lang].email);
      const cards = page.locator('[data-layout="cards"] [role="listitem"]');
      await cards.nth(9).waitFor();
      await screenshot(page, `orders-admin-390-${lang}`);
      const statuses = await cards.evaluateAll((els) =>
        els.map((card) => {
          const badge = card.querySelector('[data-field="status"] [data-status]');
          const r = badge?.getBoundingClientRect();
          return r ? { status: badge!.getAttribute('data-status'), inView: r.left >= 0 && r.right <= window.innerWidth && r.width > 0 } : null;
        }),
      );
      expect(statuses).toHaveLength(10);
      for (const s of statuses) expect(s).toEqual({ status: expect.any(String), inView: true });
      // the download button of every card is in sight too, and the page does not scroll sideways
      const downloads = await cards.locator('button[aria-label]').first().evaluate((el) => el.getBoundingClientRect().right);
      expect(downloads).toBeLessThanOrEqual(NARROW.width);
      const width = await pageWidth(page);
      expect(width.scroll).toBeLessThanOrEqual(width.client);
    }, 60_000);
  });

  describe.each(LANGUAGES)('the admin lists in %s', (lang) => {
    it.each([
      ['style guides', '/admin/style-guides-v2'],
      ['angles', '/admin/angles'],
      ['car types', '/admin/car-types'],
      ['tags', '/admin/tags'],
      ['app versions', '/admin/app-versions'],
      ['banners', '/admin/banners'],
      ['app settings', '/admin/app-settings'],
    ])('%s: every header readable at 1440 px, every card whole at 390 px', async (name, path) => {
      for (const viewport of [WIDE, NARROW]) {
        const page = await newPage(viewport);
        await signIn(page, admins[lang].email);
        await page.goto(`${web.baseUrl}${path}`);
        if (viewport === WIDE) {
          await page.locator('.MuiDataGrid-columnHeaderTitle').first().waitFor();
          await page.waitForLoadState('networkidle');
          expectReadableHeaders(await headerBoxes(page, '.MuiDataGrid-columnHeaderTitle'), `${path} ${viewport.width} ${lang}`);
        } else {
          // a phone reads the list as cards: each label and value inside the screen, none cut off
          await page.locator('[data-layout="cards"]').waitFor();
          await page.waitForLoadState('networkidle');
          // the page is there: its cards, or the words saying there are none
          await page.locator('[data-layout="cards"] [role="listitem"]').first().or(page.getByTestId('no-rows')).waitFor();
          const cards = page.locator('[data-layout="cards"] [role="listitem"]');
          expect(await page.locator('.MuiDataGrid-root').count()).toBe(0);
          const outside = await cards.evaluateAll((els) =>
            els.flatMap((card) =>
              [...card.querySelectorAll('dt, dd, [data-field]')]
                .filter((el) => {
                  const r = el.getBoundingClientRect();
                  return r.width > 0 && (r.left < 0 || r.right > window.innerWidth + 0.5 || el.scrollWidth > el.clientWidth + 1);
                })
                .map((el) => el.textContent),
            ),
          );
          expect({ path, lang, outside }).toEqual({ path, lang, outside: [] });
        }
        await screenshot(page, `admin-${name.replaceAll(' ', '-')}-${viewport.width}-${lang}`);
        const width = await pageWidth(page);
        expect(width.scroll).toBeLessThanOrEqual(width.client);
        await page.context().close();
      }
    }, 60_000);
  });

  it('an angle overlay (white on transparent) shows on a dark tile in the angles list and the creator', async () => {
    const page = await newPage(WIDE);
    await signIn(page, admins.en.email);
    await page.goto(`${web.baseUrl}/admin/angles`);
    const tile = page.locator('.MuiDataGrid-row', { hasText: 'Front three quarters' }).getByTestId('overlay-preview');
    await tile.locator('img').waitFor();
    await screenshot(page, 'angles-overlay');
    const darkness = (locator: typeof tile) =>
      locator.evaluate((el) => {
        const [r, g, b] = getComputedStyle(el).backgroundColor.match(/\d+/g)!.map(Number);
        return (r + g + b) / 3;
      });
    expect(await darkness(tile)).toBeLessThan(100);

    const creator = await newPage(WIDE);
    await signIn(creator, dealer.email);
    await creator.goto(`${web.baseUrl}/create-order`);
    await creator.getByRole('combobox', { name: /^Style guide/ }).click();
    await creator.getByRole('option', { name: guideName }).click();
    const cardTile = creator.getByTestId('position-1').getByTestId('overlay-preview');
    await cardTile.locator('img').waitFor();
    await screenshot(creator, 'creator-overlay');
    expect(await darkness(cardTile)).toBeLessThan(100);
  }, 60_000);

  describe('a bad id in an admin link', () => {
    it.each([
      ['/admin/angle/not-an-id', '/admin/angles'],
      [`/admin/angle/${randomUUID()}`, '/admin/angles'],
      [`/admin/car-type/${randomUUID()}`, '/admin/car-types'],
      [`/admin/tag/${randomUUID()}`, '/admin/tags'],
      [`/admin/banner/${randomUUID()}`, '/admin/banners'],
      ['/admin/app-version/12', '/admin/app-versions'],
      [`/style-guide-v2/${randomUUID()}`, '/admin/style-guides-v2'],
      ['/style-guide-v2/x', '/admin/style-guides-v2'],
    ])('%s says it was not found and leads back to %s', async (path, list) => {
      const page = await newPage(NARROW);
      await signIn(page, admins.en.email);
      await page.goto(`${web.baseUrl}${path}`);
      await page.getByRole('heading', { name: 'Not found' }).waitFor();
      expect(await page.locator('form input').count()).toBe(0);
      await screenshot(page, `not-found-${list.split('/').pop()}`);
      await page.getByRole('link', { name: /^Back to/ }).click();
      await page.waitForURL(`${web.baseUrl}${list}`);
    }, 60_000);
  });
});
