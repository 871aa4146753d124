/**
 * @jest-environment ./services/pipeline/test/helpers/onnx-jest-environment.js
 */
import type { ImageView, PlateQuad } from '@app/contracts';
import { testJpeg, testPng, waitFor } from '@app/testing';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { insideConvex, quadIoU, type Quad } from '../../services/pipeline/src/plates/quad-geometry';
import { plateScene, type PlateScene } from '../../services/pipeline/test/helpers/plate-scenes';
import {
  axeFindings,
  bytesAt,
  createAccount,
  createOrder,
  createOrderInQaStage,
  createSalesPerson,
  describeFindings,
  readImage,
  readOrderTimeline,
  screenshot,
  signIn as apiSignIn,
  uploadOrderImage,
  useBrowserStack,
  type TestAccount,
  type UserSession,
} from '../support';

/**
 * QA's number plate tool in Debian's chromium against the whole product: the plates the
 * pipeline masked lie on the original picture as it is shown (object-fit contain, letterboxed),
 * a corner dragged with the mouse lands where it was dropped, on the picture's own scale, and
 * "Mask these plates" sends them with the repush. And the whole journey through the real
 * pipeline: an admin asks for the guide's logo on the plates in the builder, a dealership's
 * photo of a car is masked where its plate is, and QA's corrected plate is masked instead.
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

/** The journey's guide: the scenes' own shape (the enhancer frames the whole photo), smaller. */
const OUT = { width: 1200, height: 800 };
const PLATE_COLOUR = '#FFD400';
const LOGO_COLOUR = '#FF00FF';

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function pixelsOf(bytes: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A plate reported on the original (shares) in the photo's pixels. */
const onPhoto = (p: PlateQuad, scene: PlateScene): Quad => p.corners.map((c) => ({ x: c.x * scene.width, y: c.y * scene.height })) as Quad;
/** A quad of the photo on the enhancer's output: the whole photo, scaled to the guide's size. */
const toOutput = (q: Quad, scene: PlateScene): Quad => q.map((p) => ({ x: (p.x * OUT.width) / scene.width, y: (p.y * OUT.height) / scene.height })) as Quad;
/** A quad grown (or shrunk, below 1) about its centre. */
function grown(q: Quad, k: number): Quad {
  const cx = q.reduce((s, p) => s + p.x, 0) / 4;
  const cy = q.reduce((s, p) => s + p.y, 0) / 4;
  return q.map((p) => ({ x: cx + (p.x - cx) * k, y: cy + (p.y - cy) * k })) as Quad;
}

/**
 * What the pixels inside a quad (shrunk to `k` about its centre, away from its soft edges) are:
 * the shares of the plate colour (yellow), the logo (magenta) and dark characters.
 */
function shares(px: Pixels, quad: Quad, k: number, also: (x: number, y: number) => boolean = () => true) {
  const q = grown(quad, k);
  let count = 0;
  let plate = 0;
  let logo = 0;
  let dark = 0;
  for (let y = Math.max(0, Math.floor(Math.min(...q.map((p) => p.y)))); y <= Math.min(px.height - 1, Math.max(...q.map((p) => p.y))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...q.map((p) => p.x)))); x <= Math.min(px.width - 1, Math.max(...q.map((p) => p.x))); x++) {
      if (!insideConvex(q, x, y) || !also(x, y)) continue;
      const i = (y * px.width + x) * 3;
      const [r, g, b] = [px.data[i], px.data[i + 1], px.data[i + 2]];
      count++;
      if (r > 200 && g > 160 && g < 250 && b < 90) plate++;
      if (r > 180 && b > 180 && g < 100) logo++;
      if (0.299 * r + 0.587 * g + 0.114 * b < 70) dark++;
    }
  }
  return { count, plate: plate / count, logo: logo / count, dark: dark / count };
}

/** The plates as the images service reports them equal QA's (to the pipeline's rounding). */
function sameQuads(a: ImageView['numberPlates'], b: PlateQuad[]): boolean {
  return !!a && a.length === b.length && a.every((p, i) => p.corners.every((c, j) => Math.abs(c.x - b[i].corners[j].x) < 1e-4 && Math.abs(c.y - b[i].corners[j].y) < 1e-4));
}

describe('the number plate tool in chromium', () => {
  const web = useBrowserStack('browser-plates');
  let admin: UserSession;
  let adminEmail: string;
  let dealer: TestAccount;
  let qaEmail: string;
  let orderId: string;
  let imageId: string;

  beforeAll(async () => {
    const [qa, plateDealer] = await Promise.all([
      createAccount(web.stack, { role: 'QA', displayName: 'Petra Plates', email: 'petra.qa@example.test', roleTags: ['QA_EDITOR'] }),
      createAccount(web.stack, { role: 'Dealership', displayName: 'Plates Motors', email: 'plates@example.test', permissions: ['CREATE_ORDERS', 'READ_ORDERS'], enabledQa: true }),
    ]);
    qaEmail = qa.email;
    dealer = plateDealer;
    adminEmail = (await createAccount(web.stack, { role: 'Admin', email: 'ada.plates@example.test' })).email;
    admin = await apiSignIn(web.stack, adminEmail);
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

  /** The src of a loaded picture (once the browser has it whole). */
  async function loadedSrc(picture: Locator): Promise<string> {
    return waitFor(
      () =>
        picture.evaluate((el) => {
          const img = el as unknown as PictureElement & { currentSrc: string };
          return img.complete && img.naturalWidth > 0 ? img.currentSrc : null;
        }),
      'the picture loaded',
    );
  }

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

  it('the whole journey: the guide asks for the logo on the plates, the pipeline masks the plate it finds, QA corrects it and the correction is masked', async () => {
    const scene = await plateScene('DK front');
    const truth = scene.plates[0];

    // 1. the admin builds a free-form guide on the enhancer route with its logo on a yellow plate
    const builder = await web.signedInPage(adminEmail);
    await builder.goto(`${web.baseUrl}/create-style-guide-v2`);
    await builder.getByLabel(/^Name/).fill('Plate Studio');
    await builder.getByLabel(/^Width \(px\)/).fill(String(OUT.width));
    await builder.getByLabel(/^Height \(px\)/).fill(String(OUT.height));
    await builder.getByLabel(/^Max. image size/).fill('900');
    await builder.getByRole('combobox', { name: /^Route of frame-free images/ }).click();
    await builder.getByRole('option', { name: 'ENHANCER', exact: true }).click();
    await builder.getByTestId('slot-logo').getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await testPng(64, LOGO_COLOUR) });
    await builder.getByRole('group', { name: 'Number plates' }).getByRole('radio', { name: /^Logo/ }).check();
    // the text field (its colour picker beside it bears the same name)
    await builder.getByRole('textbox', { name: /^Plate colour/ }).and(builder.locator('input[type="text"]')).fill(PLATE_COLOUR);
    await screenshot(builder, 'plates-builder');
    await builder.getByRole('button', { name: 'Continue' }).click();
    await builder.getByRole('heading', { name: 'Configurations (0)' }).waitFor();
    const guideId = new URL(builder.url()).pathname.split('/').pop()!;
    const guide = (await admin.get(`/api/style-guides/${guideId}`).expect(200)).body as {
      numberPlates: string;
      numberPlateColor: string;
      frameFreeRouting: string;
      media: { logo: { id: string } | null };
    };
    expect([guide.numberPlates, guide.numberPlateColor, guide.frameFreeRouting]).toEqual(['logo', PLATE_COLOUR, 'enhancer']);
    expect(guide.media.logo).toBeTruthy();
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealer.id, styleGuideId: guideId }).expect(200);

    // 2. the dealership's photo of a car with a Danish plate goes through the pipeline
    const asDealer = await apiSignIn(web.stack, dealer.email);
    const salesMan = (await createSalesPerson(web.stack, dealer.id, { name: 'Sune Salg' })).id;
    const order = await createOrder(asDealer, { styleGuide: guideId, salesMan, orderName: 'Plates Passat', takenImagesCount: 1 });
    const photo = await sharp(scene.png).jpeg({ quality: 92 }).toBuffer();
    const uploaded = await uploadOrderImage(asDealer, order.id, 1, photo);
    const processed = await waitFor(
      async () => {
        const image = await readImage(admin, uploaded.id);
        return image.types.includes('optimized') && image.numberPlates ? image : null;
      },
      'the picture processed with its plates',
      60_000,
      200,
    );
    // the pipeline found the plate where it is on the photo
    expect(processed.numberPlates).toHaveLength(1);
    const found = onPhoto(processed.numberPlates![0], scene);
    expect(quadIoU(found, truth)).toBeGreaterThan(0.8);

    // 3. QA sees the optimized picture: the plate is the guide's colour with the logo, its characters gone
    const page = await web.signedInPage(qaEmail, { landing: /\/orders/ });
    await page.goto(`${web.baseUrl}/order/${order.id}/select/${uploaded.id}`);
    const modal = page.getByRole('dialog', { name: /^Position 1/ });
    const optimized = modal.getByRole('img', { name: 'Optimized picture of position 1' });
    const firstSrc = await loadedSrc(optimized);
    const first = await pixelsOf(await bytesAt(firstSrc));
    expect([first.width, first.height]).toEqual([OUT.width, OUT.height]);
    const original = await pixelsOf(scene.png);
    const onFirst = shares(first, toOutput(found, scene), 0.85);
    const onOriginal = shares(original, truth, 0.85);
    // the photo's plate: white with black characters, no yellow
    expect(onOriginal.dark).toBeGreaterThan(0.05);
    expect(onOriginal.plate).toBeLessThan(0.02);
    // the output's: yellow around the (magenta) logo, no characters left
    expect(onFirst.plate).toBeGreaterThan(0.6);
    expect(onFirst.logo).toBeGreaterThan(0.04);
    expect(onFirst.dark).toBeLessThan(0.01);

    // 4. QA drags the plate's bottom-right corner out and masks again
    await modal.getByRole('button', { name: 'Number plates' }).click();
    const shown = await shownPicture(modal.getByTestId('plate-editor').getByRole('img', { name: 'Original of position 1' }));
    const corner = modal.getByRole('button', { name: 'Plate 1, corner 3' });
    const from = await centreOf(corner);
    const was = processed.numberPlates![0].corners[2];
    const to = { x: shown.left + (was.x + 0.05) * shown.width, y: shown.top + (was.y + 0.05) * shown.height };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    const dropped = { x: Number(await corner.getAttribute('data-x')), y: Number(await corner.getAttribute('data-y')) };
    expect(Math.abs(dropped.x - (was.x + 0.05))).toBeLessThan(0.005);
    expect(Math.abs(dropped.y - (was.y + 0.05))).toBeLessThan(0.005);
    const qaPlates: PlateQuad[] = [{ corners: processed.numberPlates![0].corners.map((c, j) => (j === 2 ? dropped : c)) as PlateQuad['corners'] }];
    await modal.getByRole('button', { name: 'Mask these plates' }).click();
    await page.getByTestId('toast-main').filter({ hasText: 'Sent to processing again with these plates' }).waitFor();

    const repushed = await waitFor(
      async () => {
        const image = await readImage(admin, uploaded.id);
        return image.url !== processed.url && sameQuads(image.numberPlates, qaPlates) ? image : null;
      },
      "the picture processed again with QA's plate",
      60_000,
      200,
    );
    expect(repushed.numberPlates).toHaveLength(1);

    // the modal shows the new output (its link changes with the picture: while queued it was
    // another link to the old bytes): masked where QA put the plate, on what the finder's plate left out too
    expect(repushed.url).not.toBe(firstSrc);
    await waitFor(async () => (await loadedSrc(optimized)) === repushed.url, 'the new optimized picture in the modal', 30_000, 200);
    const second = await pixelsOf(await bytesAt(repushed.url!));
    const corrected = toOutput(onPhoto(qaPlates[0], scene), scene);
    const foundOnOutput = toOutput(found, scene);
    const added = (x: number, y: number) => !insideConvex(grown(foundOnOutput, 1.15), x, y);
    const onAdded = shares(second, corrected, 0.9, added);
    const beforeOnAdded = shares(first, corrected, 0.9, added);
    expect(onAdded.count).toBeGreaterThan(100);
    expect(onAdded.plate).toBeGreaterThan(0.8);
    expect(beforeOnAdded.plate).toBeLessThan(0.1);
    expect(shares(second, corrected, 0.85).dark).toBeLessThan(0.01);

    await modal.getByRole('button', { name: 'Plate 1, corner 3' }).waitFor();
    await screenshot(page, 'plates-journey-masked');
  }, 90_000);
});
