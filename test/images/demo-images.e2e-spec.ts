import type { ImageView } from '@app/contracts';
import { DEMO_ACCOUNTS, DEMO_ORDERS, DEMO_PASSWORD } from '@app/seeding';
import { waitFor } from '@app/testing';
import { signIn, startTestStack, type TestStack, type UserSession } from '../support';
import sharp from 'sharp';

/** The demo orders of `make dev` get real photos that the running pipeline processes at boot. */
describe('demo images of make dev', () => {
  jest.setTimeout(240_000);
  let stack: TestStack;
  let admin: UserSession;
  const withImages = DEMO_ORDERS.filter((o) => o.positions.length);

  beforeAll(async () => {
    stack = await startTestStack({ label: 'demo_images', env: { SEED_DEMO_DATA: 'true' } });
    admin = await signIn(stack, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const imagesOf = async (orderId: string): Promise<ImageView[]> => {
    const res = await admin.get(`/api/images/order/${orderId}`);
    return res.status === 200 ? res.body : [];
  };

  it('every demo order with positions has its photos, processed by the pipeline', async () => {
    await waitFor(
      async () => {
        for (const order of withImages) {
          const images = await imagesOf(order.id);
          if (images.length !== order.positions.length || images.some((i) => i.optimisationStatus !== 'completed')) return false;
        }
        return true;
      },
      'every demo photo processed',
      200_000,
      1000,
    );
    const golf = await imagesOf(withImages[0].id);
    expect(golf.map((i) => i.position)).toEqual(withImages[0].positions);
    // finished orders come approved; the one waiting for edition has a picture to edit
    expect(golf.every((i) => i.label === 'approved')).toBe(true);
    const audi = DEMO_ORDERS.find((o) => o.QAstatus === 'Waiting For Edition')!;
    expect((await imagesOf(audi.id)).filter((i) => i.needsEdition)).toHaveLength(1);
    const picture = await fetch(golf[0].url!);
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({ width: 1920, height: 1440 });
    // the demo orders keep the state they were seeded in
    const order = await admin.get(`/api/orders/${withImages[0].id}`).expect(200);
    expect(order.body.status).toBe(withImages[0].status);
  });

  it('seeding again at the next start changes nothing', async () => {
    const before = await Promise.all(withImages.map((o) => imagesOf(o.id)));
    await stack.stopService('images');
    await stack.startService('images');
    // give the background seeding time to look
    await new Promise((r) => setTimeout(r, 3000));
    const after = await Promise.all(withImages.map((o) => imagesOf(o.id)));
    expect(after.map((list) => list.map((i) => [i.id, i.optimisationStatus]))).toEqual(before.map((list) => list.map((i) => [i.id, i.optimisationStatus])));
  });
});
