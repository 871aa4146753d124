import { randomUUID } from 'node:crypto';
import { orderEventPayloadProblem } from '@app/contracts';
import { DataSource } from 'typeorm';
import { createOrder, startTestStack, type TestStack } from '../../../../test/support';
import { TimelinePayloadShapes1765000001100 } from './1765000001100-timeline-payload-shapes';

/**
 * The migration that brings timeline lines of older payload shapes to the present ones: lines
 * of every older shape written straight into the table, the migration run again, each line
 * then of its event's shape (the check the orders service applies where payloads enter).
 */
describe('migration timeline-payload-shapes', () => {
  let stack: TestStack;
  let ds: DataSource;

  beforeAll(async () => {
    stack = await startTestStack({ label: 'orders_timeline_shapes', services: ['orders'] });
    ds = stack.services.orders!.get(DataSource);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('gives older lines the present shapes and leaves present ones as they are', async () => {
    const order = await createOrder(stack, { accountId: randomUUID(), orderName: 'Old lines' });
    // a line keeps its order's id and name (no reference): a demo order's id is enough
    const demoOrderId = '00000000-0000-4000-8003-000000000077';
    const [tag]: Array<{ id: string; name: string }> = await ds.query(`SELECT id, name FROM tag WHERE category = 'IMAGE_ERROR' AND name = 'Blurry picture'`);
    const image = randomUUID();
    const job = randomUUID();
    const lines: Array<[string, string, object]> = [
      [order.id, 'IMAGE_REPUSHED', { imageIds: [image], method: 'bypass', jobId: job }],
      [order.id, 'IMAGE_DECLINED', { imageId: image, position: 2, reason: { tagId: tag.id, name: tag.name } }],
      [order.id, 'IMAGE_DECLINED', { imageId: image, position: 2 }],
      [demoOrderId, 'IMAGE_DECLINED', { position: 3, reason: 'blurry PICTURE' }],
      [demoOrderId, 'IMAGE_DECLINED', { position: 4, reason: 'Reflections on the wheel' }],
      [order.id, 'QA_PICKED', { role: 'editor', userName: 'Eve' }],
      [order.id, 'QA_TASK_UPDATED', { role: 'coordinator', state: 'RELEASED', from: 'IN_PROGRESS', userName: 'Cid' }],
      [order.id, 'DOWNLOADED', { bundleId: job, imageCount: 5, media: 'optimized', downloadStyleGuide: false, needsEditionOnly: false }],
      [order.id, 'DELETED', { orderName: 'Gone' }],
      [order.id, 'PIPELINE_ERROR', { imageId: image, position: 1, reason: 'could not decode' }],
    ];
    const ids: string[] = [];
    for (const [orderId, eventName, payload] of lines) {
      const [{ id }]: Array<{ id: string }> = await ds.query(
        `INSERT INTO order_event (order_id, account_id, order_name, event_name, payload, is_hidden, is_priority, created_at)
         VALUES ($1, $2, 'Old lines', $3, $4, false, false, now()) RETURNING id`,
        [orderId, randomUUID(), eventName, JSON.stringify(payload)],
      );
      ids.push(id);
    }

    const runner = ds.createQueryRunner();
    try {
      await new TimelinePayloadShapes1765000001100().up(runner);
    } finally {
      await runner.release();
    }

    const rows: Array<{ id: string; eventName: string; payload: Record<string, unknown> }> = await ds.query(
      `SELECT id, event_name AS "eventName", payload FROM order_event WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const after = ids.map((id) => rows.find((r) => r.id === id)!.payload);
    const decline = { reason: { tagId: tag.id, name: tag.name }, tagId: tag.id, tagName: tag.name, tagCategory: 'IMAGE_ERROR' };
    expect(after).toEqual([
      { imageId: image, imageIds: [image], method: 'bypass', jobId: job },
      { imageId: image, position: 2, ...decline },
      { imageId: image, position: 2 },
      { imageId: expect.stringMatching(/^00000000-0000-4000-8004-[0-9a-f]{12}$/), position: 3, ...decline },
      { imageId: expect.stringMatching(/^00000000-0000-4000-8004-[0-9a-f]{12}$/), position: 4 },
      { role: 'QA_EDITOR', userName: 'Eve' },
      { role: 'QA_COORDINATOR', state: 'RELEASED', from: 'IN_PROGRESS', userName: 'Cid' },
      { bundleId: job, imageCount: 5, fileCount: 5, media: 'optimized', downloadStyleGuide: false, needsEditionOnly: false },
      { orderName: 'Gone' },
      { imageId: image, position: 1, reason: 'could not decode' },
    ]);
    for (const r of rows) expect({ line: r.eventName, problem: orderEventPayloadProblem(r.eventName, r.payload) }).toEqual({ line: r.eventName, problem: null });
  });
});
