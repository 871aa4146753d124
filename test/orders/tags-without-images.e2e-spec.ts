import { randomUUID } from 'node:crypto';
import type { TagView } from '@app/contracts';
import { waitFor } from '@app/testing';
import { DataSource } from 'typeorm';
import { createAccount, createOrder, publishOrderProgress, signIn, startTestStack, type TestStack, type UserSession } from '../support';

/**
 * Orders and images fail apart: the orders service learns which images an order has from the
 * images service's progress events (`imageIds`), so QA tags an image while the images service
 * is stopped. Here it never runs: the test publishes its progress as it would.
 */
describe('tagging an image while the images service is stopped', () => {
  let stack: TestStack;
  let admin: UserSession;
  let dealerId: string;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'tags_no_images', services: ['users', 'orders'], rpcTimeoutMs: 3000 });
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    dealerId = (await createAccount(stack, { role: 'Dealership' })).id;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it("tags an image the order's progress named, on that order, without asking the images service", async () => {
    const tag = (await admin.post('/api/tags').send({ name: 'Reflections', category: 'IMAGE_ERROR', entity: 'image', color: 'orange' }).expect(201)).body as TagView;
    const order = await createOrder(stack, { accountId: dealerId });
    const [first, second] = [randomUUID(), randomUUID()];
    await publishOrderProgress(stack, { orderId: order.id, version: 1, imageCount: 2, imageIds: [first, second] });
    await waitFor(async () => (await admin.post(`/api/tags/images/${second}`).send({ tagId: tag.id })).status === 201, 'the order to know its images', 30_000);

    expect((await admin.get(`/api/tags/get/images/${second}`).expect(200)).body.map((t: TagView) => t.name)).toEqual(['Reflections']);
    const rows: Array<{ order_id: string; account_id: string }> = await stack.services
      .orders!.get(DataSource)
      .query(`SELECT order_id, account_id FROM tag_assignment WHERE entity = 'image' AND entity_id = $1`, [second]);
    expect(rows).toEqual([{ order_id: order.id, account_id: dealerId }]);

    // a later progress without the image: it is no longer the order's
    await publishOrderProgress(stack, { orderId: order.id, version: 2, imageCount: 1, imageIds: [first] });
    await waitFor(async () => (await admin.post(`/api/tags/images/${second}`).send({ tagId: tag.id })).status !== 201, 'the order to forget the image', 30_000);
    await admin.post(`/api/tags/images/${first}`).send({ tagId: tag.id }).expect(201);
  });
});
