import { testJpeg, waitFor } from '@app/testing';
import type { Locator } from 'playwright-core';
import {
  axeFindings,
  createAccount,
  createOrderInQaStage,
  describeFindings,
  readOrderTimeline,
  signIn as apiSignIn,
  uploadOrderImage,
  useBrowserStack,
  type UserSession,
} from '../support';

/**
 * QA's number plate tool in Debian's chromium against the whole product: the plates the
 * pipeline masked lie on the original picture as it is shown (object-fit contain, letterboxed),
 * a corner dragged with the mouse lands where it was dropped, on the picture's own scale, and
 * "Mask these plates" sends them with the repush.
 */

// what the functions run in the page use of the browser (the tests compile without the DOM library)
interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
interface PictureElement {
  naturalWidth: number;
  naturalHeight: number;
  complete: boolean;
  getBoundingClientRect(): Box;
}

const PLATE = {
  corners: [
    { x: 0.2, y: 0.6 },
    { x: 0.45, y: 0.6 },
    { x: 0.45, y: 0.68 },
    { x: 0.2, y: 0.68 },
  ],
};

describe('the number plate tool in chromium', () => {
  const web = useBrowserStack('browser-plates');
  let admin: UserSession;
  let qaEmail: string;
  let orderId: string;
  let imageId: string;

  beforeAll(async () => {
    const [qa, dealer] = await Promise.all([
      createAccount(web.stack, { role: 'QA', displayName: 'Petra Plates', email: 'petra.qa@example.test', roleTags: ['QA_EDITOR'] }),
      createAccount(web.stack, { role: 'Dealership', displayName: 'Plates Motors', email: 'plates@example.test', permissions: ['CREATE_ORDERS', 'READ_ORDERS'], enabledQa: true }),
    ]);
    qaEmail = qa.email;
    admin = await apiSignIn(web.stack, (await createAccount(web.stack, { role: 'Admin', email: 'ada.plates@example.test' })).email);
    orderId = await createOrderInQaStage(web.stack, admin, dealer, {
      orderName: 'Plates Golf',
      takenImagesCount: 1,
      upload: async (asDealer, id) => {
        imageId = (await uploadOrderImage(asDealer, id, 1, await testJpeg(640, 480))).id;
      },
    });
    // what the pipeline reported it masked
    await web.stack.db.query('UPDATE images.image SET number_plates = $2 WHERE id = $1', [imageId, JSON.stringify([PLATE])]);
  }, 120_000);

  /** The picture as shown inside its element: object-fit contain centres it at its own aspect. */
  async function shownPicture(picture: Locator): Promise<Box> {
    await waitFor(() => picture.evaluate((el) => (el as unknown as PictureElement).complete && (el as unknown as PictureElement).naturalWidth > 0), 'the original loaded');
    const { box, w, h } = await picture.evaluate((el) => {
      const img = el as unknown as PictureElement;
      const r = img.getBoundingClientRect();
      return { box: { left: r.left, top: r.top, width: r.width, height: r.height }, w: img.naturalWidth, h: img.naturalHeight };
    });
    const scale = Math.min(box.width / w, box.height / h);
    return { left: box.left + (box.width - w * scale) / 2, top: box.top + (box.height - h * scale) / 2, width: w * scale, height: h * scale };
  }

  const centreOf = async (handle: Locator) => {
    const b = (await handle.boundingBox())!;
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };

  it('draws the plates on the original as shown, a dragged corner lands where it is dropped, and the repush carries the plates', async () => {
    const page = await web.signedInPage(qaEmail, { landing: /\/orders/ });
    await page.goto(`${web.baseUrl}/order/${orderId}/select/${imageId}`);
    const modal = page.getByRole('dialog', { name: /^Position 1/ });
    await modal.getByRole('button', { name: 'Number plates' }).click();
    const picture = modal.getByTestId('plate-editor').getByRole('img', { name: 'Original of position 1' });
    const shown = await shownPicture(picture);
    // the box is not of the picture's aspect: contain letterboxes it one way or the other
    const element = (await picture.boundingBox())!;
    expect(Math.abs(element.width - shown.width) + Math.abs(element.height - shown.height)).toBeGreaterThan(10);

    // every corner sits on its point of the picture as shown
    for (const [j, c] of PLATE.corners.entries()) {
      const at = await centreOf(modal.getByRole('button', { name: `Plate 1, corner ${j + 1}` }));
      expect(Math.abs(at.x - (shown.left + c.x * shown.width))).toBeLessThan(1.5);
      expect(Math.abs(at.y - (shown.top + c.y * shown.height))).toBeLessThan(1.5);
    }

    // the first corner dragged with the mouse to a quarter across, 30 % down
    const first = modal.getByRole('button', { name: 'Plate 1, corner 1' });
    const from = await centreOf(first);
    const to = { x: shown.left + 0.25 * shown.width, y: shown.top + 0.3 * shown.height };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    const dropped = { x: Number(await first.getAttribute('data-x')), y: Number(await first.getAttribute('data-y')) };
    expect(Math.abs(dropped.x - 0.25)).toBeLessThan(0.005);
    expect(Math.abs(dropped.y - 0.3)).toBeLessThan(0.005);
    const landed = await centreOf(first);
    expect(Math.abs(landed.x - to.x)).toBeLessThan(2);
    expect(Math.abs(landed.y - to.y)).toBeLessThan(2);

    // the second corner with the keyboard
    const second = modal.getByRole('button', { name: 'Plate 1, corner 2' });
    await second.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    expect([Number(await second.getAttribute('data-x')), Number(await second.getAttribute('data-y'))]).toEqual([0.5, 0.605]);
    // the arrow keys stayed on the corner: the modal still shows position 1
    expect(page.url()).toBe(`${web.baseUrl}/order/${orderId}/select/${imageId}`);

    // the open tool passes axe's serious and critical rules (named handles, contrast, roles)
    expect(describeFindings('the number plate tool', await axeFindings(page))).toEqual([]);

    await modal.getByRole('button', { name: 'Mask these plates' }).click();
    await page.getByTestId('toast-main').filter({ hasText: 'Sent to processing again with these plates' }).waitFor();
    const settings = await waitFor(async () => {
      const line = (await readOrderTimeline(admin, orderId)).find((e) => e.eventName === 'IMAGE_REPUSHED');
      return line ? (line.payload as { settings: { numberPlates: string; plates: typeof PLATE[] } }).settings : null;
    }, 'the repush on the timeline');
    expect(settings.numberPlates).toBe('enabled');
    expect(settings.plates).toHaveLength(1);
    expect(settings.plates[0].corners[0]).toEqual(dropped);
    expect(settings.plates[0].corners.slice(1)).toEqual([{ x: 0.5, y: 0.605 }, ...PLATE.corners.slice(2)]);
  });
});
