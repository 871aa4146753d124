import type { Media360View } from '@app/contracts';
import { DEMO_ACCOUNTS, DEMO_ORDERS, DEMO_PASSWORD } from '@app/seeding';
import { waitFor } from '@app/testing';
import sharp from 'sharp';
import { signIn, startTestStack, type TestStack, type UserSession } from '../support';

/** The first demo order of `make dev` has an exterior spin and an interior panorama for the order page's 360 tab. */
describe('demo 360s of make dev', () => {
  jest.setTimeout(180_000);
  let stack: TestStack;
  let admin: UserSession;
  const golf = DEMO_ORDERS[0];

  beforeAll(async () => {
    stack = await startTestStack({ label: 'demo_360', env: { SEED_DEMO_DATA: 'true' } });
    admin = await signIn(stack, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const listed = async (): Promise<Media360View[] | null> => {
    const res = await admin.get(`/api/media360/order/${golf.id}`);
    return res.status === 200 && (res.body as Media360View[]).length === 2 ? (res.body as Media360View[]) : null;
  };

  it('an exterior spin of 24 frames and a 2:1 interior panorama, seeded once', async () => {
    const list = await waitFor(listed, 'the demo 360s', 90_000, 500);
    expect(list.map((m) => [m.kind, m.status, m.frameCount, m.width, m.height])).toEqual([
      ['exterior360', 'ready', 24, 960, 720],
      ['interior360', 'ready', 1, 2048, 1024],
    ]);
    const panorama = Buffer.from(await (await fetch(list[1].frameUrls[0])).arrayBuffer());
    expect(await sharp(panorama).metadata()).toMatchObject({ format: 'jpeg', width: 2048, height: 1024 });

    // the next start finds them and makes nothing new
    await stack.stopService('images');
    await stack.startService('images');
    const again = await waitFor(listed, 'the demo 360s after a restart', 90_000, 500);
    expect(again.map((m) => [m.id, m.createdAt])).toEqual(list.map((m) => [m.id, m.createdAt]));
  });
});
