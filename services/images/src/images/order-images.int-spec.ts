import { OrdersRpc, RpcError, type Actor, type ImageView, type OrderAccess } from '@app/contracts';
import { connectNats, RpcCallError, RpcClient } from '@app/messaging';
import { actorFor, testInfra } from '@app/testing';
import type { NatsConnection } from 'nats';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { createAccount, createOrder, startTestStack, type TestStack } from '../../../../test/support';
import { OrderAccessService } from '../access/order-access';
import { ImagesService } from './images.service';

/** how many pictures the order has (a full walk-around) */
const IMAGES = 30;
const DAY_MS = 86_400_000;

/**
 * `images.of-order` (`GET /api/images/order/{id}`), the most frequent read of pictures: the
 * views of every picture of the order with their latest re-edit request, in one statement of
 * the images service, and the orders service's access rules as they are (another tenant's
 * order is "not found"). The users, orders and images services run on real NATS, PostgreSQL
 * and S3; the images are written straight into the images schema.
 *
 * With `IMAGES_CPU_RUNS=<n>` the last test also prints the CPU of n calls (warm).
 */
describe('images of an order', () => {
  jest.setTimeout(120_000);
  let stack: TestStack;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let service: ImagesService;
  let dealer: string;
  let other: string;
  let parent: string;
  let stranger: string;
  let orderId: string;
  let emptyOrderId: string;
  const imageIds: string[] = [];
  /** the re-edit requests written below, by what they are */
  const requests = { open: randomUUID(), declinedBefore: randomUUID(), done: randomUUID(), declined: randomUUID() };

  /** the answer's status, and the message of a refusal */
  const answerOf = async (run: () => Promise<unknown>): Promise<[number, string?]> => {
    try {
      await run();
      return [200];
    } catch (err) {
      if (err instanceof RpcCallError || err instanceof RpcError) return [err.status, err.message];
      throw err;
    }
  };
  const statusOf = async (actor: Actor, id: string): Promise<number> => (await answerOf(() => service.ofOrder(actor, id)))[0];

  beforeAll(async () => {
    stack = await startTestStack({ label: 'order_images', services: ['users', 'orders', 'images'] });
    nc = await connectNats(testInfra.natsUrl, 'order-images-test');
    rpc = new RpcClient(nc, stack.ns.namespace, 5000);
    service = stack.services.images!.get(ImagesService);
    dealer = (await createAccount(stack, { role: 'Dealership' })).id;
    other = (await createAccount(stack, { role: 'Dealership' })).id;
    parent = (await createAccount(stack, { role: 'Management', children: [dealer] })).id;
    stranger = (await createAccount(stack, { role: 'Management', children: [other] })).id;
    const styleGuideId = randomUUID();
    orderId = (await createOrder(stack, { accountId: dealer, styleGuideId, takenImagesCount: IMAGES, enabledQa: true, status: 'QA stage', QAstatus: 'Waiting For Edition' })).id;
    emptyOrderId = (await createOrder(stack, { accountId: dealer, styleGuideId })).id;

    // positions 1-30: mostly processed; 4 queued, 5 awaiting its upload, 6 rejected by the pipeline, 7 approved, 8 needing edition
    const statusAt = (p: number) => (p === 4 ? 'queued' : p === 5 ? 'awaiting-upload' : p === 6 ? 'rejected' : 'completed');
    for (let position = 1; position <= IMAGES; position++) {
      const id = randomUUID();
      imageIds.push(id);
      const folder = `orders/${orderId}/images/${id}`;
      const status = statusAt(position);
      const processed = status === 'completed';
      await stack.db.query(
        `INSERT INTO images.image (id, order_id, account_id, style_guide_id, position, source, media_origin, optimisation_status, failure_reason,
                                   approved, needs_edition, optimised_via, types, content_type, original_key, optimized_key, thumb_key,
                                   width, height, file_size, sensor_data, expected_angle, detected_angle, upload_expires_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5::int, 'upload', $6, $7, $8, $9, $10, $11, $12, 'image/jpeg', $13, $14, $15, $16, $17, $18, $19, $20, $21, now(),
                 now() - make_interval(secs => $5::int), now() - make_interval(secs => $5::int / 2.0))`,
        [
          id,
          orderId,
          dealer,
          styleGuideId,
          position,
          processed ? 'optimized' : 'original',
          status,
          status === 'rejected' ? 'no car found' : null,
          position === 7,
          position === 8,
          processed ? 'full' : null,
          position % 2 ? ['exterior'] : ['exterior', 'wheel'],
          status === 'awaiting-upload' ? null : `${folder}/original.jpg`,
          processed ? `${folder}/optimized.jpg` : null,
          processed ? `${folder}/thumb.jpg` : null,
          processed ? 1600 : null,
          processed ? 1200 : null,
          processed ? 400_000 + position : null,
          position === 1 ? { heading: 12.5, pitch: -1 } : null,
          position === 1 ? 'front' : null,
          position === 1 ? 'front-left' : null,
        ],
      );
    }
    // picture 1: a declined request, then an open one past its due time; 2: a done one; 3: a declined one
    const request = (id: string, imageIndex: number, state: string, createdDaysAgo: number, dueDaysAgo: number, answer: string | null) =>
      stack.db.query(
        `INSERT INTO images.re_edit_request (id, image_id, order_id, account_id, position, requested_by_user_id, requested_by_name, reason, text, state,
                                             due_at, answer, created_at)
         VALUES ($1, $2, $3, $4, $5, $4, 'Dealer', 'background', 'darker floor', $6, $7, $8, $9)`,
        [id, imageIds[imageIndex], orderId, dealer, imageIndex + 1, state, new Date(Date.now() - dueDaysAgo * DAY_MS), answer, new Date(Date.now() - createdDaysAgo * DAY_MS)],
      );
    await request(requests.declinedBefore, 0, 'declined', 5, 4, 'looks right');
    await request(requests.open, 0, 'open', 3, 1, null);
    await request(requests.done, 1, 'done', 2, -1, null);
    await request(requests.declined, 2, 'declined', 2, -1, 'as asked');
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await nc?.close();
    await stack?.close();
  });

  it('answers every picture by position with its label, links and latest re-edit request', async () => {
    const mine = await service.ofOrder(actorFor('Dealership', { userId: dealer }), orderId);
    expect(mine.map((v) => v.id)).toEqual(imageIds);
    expect(mine.map((v) => v.position)).toEqual(imageIds.map((_, i) => i + 1));
    // the order waits for edition: processed pictures say so, the others follow their own state
    expect(mine.slice(0, 9).map((v) => v.label)).toEqual([
      'waiting for edition',
      'waiting for edition',
      'waiting for edition',
      'pending load',
      'pending load',
      'pipeline error',
      'approved',
      'needs edition',
      'waiting for edition',
    ]);
    const [first, , , queued, awaiting, rejected] = mine;
    expect(first).toEqual({
      id: imageIds[0],
      orderId,
      position: 1,
      mediaOrigin: 'optimized',
      types: ['exterior'],
      optimisedVia: 'full',
      optimisationStatus: 'completed',
      label: 'waiting for edition',
      failureReason: null,
      approved: false,
      needsEdition: false,
      url: expect.stringContaining(`/orders/${orderId}/images/${imageIds[0]}/optimized.jpg?`),
      thumbnailUrl: expect.stringContaining(`/orders/${orderId}/images/${imageIds[0]}/thumb.jpg?`),
      originalUrl: null,
      width: 1600,
      height: 1200,
      fileSize: 400_001,
      sensorData: { heading: 12.5, pitch: -1 },
      expectedAngle: 'front',
      detectedAngle: 'front-left',
      // the plates masked are QA's material: a dealership's view has none
      numberPlates: null,
      reEditRequest: { id: requests.open, reason: 'background', text: 'darker floor', state: 'open', dueAt: expect.any(String), overdue: true, answer: null },
      // image tags are QA's: a dealership's view has none
      tags: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // timestamps as stored, to the millisecond
    const [stored] = await stack.db.query<{ created_at: Date; updated_at: Date }>('SELECT created_at, updated_at FROM images.image WHERE id = $1', [imageIds[0]]);
    expect([first.createdAt, first.updatedAt]).toEqual([stored.created_at.toISOString(), stored.updated_at.toISOString()]);
    // the latest request of a picture, whatever its state; none for a picture never asked about
    expect(mine[1].reEditRequest).toMatchObject({ id: requests.done, state: 'done', overdue: false, answer: null });
    expect(mine[2].reEditRequest).toMatchObject({ id: requests.declined, state: 'declined', overdue: false, answer: 'as asked' });
    expect(mine.slice(3).every((v) => v.reEditRequest === null)).toBe(true);
    // a picture not processed yet shows its original; one never uploaded shows nothing
    expect(queued).toMatchObject({ mediaOrigin: 'original', url: expect.stringContaining('/original.jpg?'), thumbnailUrl: null, originalUrl: null, width: null, sensorData: null });
    expect(awaiting).toMatchObject({ url: null, thumbnailUrl: null, originalUrl: null });
    expect(rejected).toMatchObject({ failureReason: 'no car found', url: expect.stringContaining('/original.jpg?') });
    expect(mine[1].types).toEqual(['exterior', 'wheel']);

    // admin and QA also get the original of an accepted picture (not of one never uploaded), and the plates masked on it
    const plates = [{ corners: [{ x: 0.1, y: 0.6 }, { x: 0.3, y: 0.6 }, { x: 0.3, y: 0.65 }, { x: 0.1, y: 0.65 }] }];
    await stack.db.query('UPDATE images.image SET number_plates = $2 WHERE id = $1', [imageIds[0], JSON.stringify(plates)]);
    expect((await service.ofOrder(actorFor('Dealership', { userId: dealer }), orderId))[0].numberPlates).toBeNull();
    const staff = await service.ofOrder(actorFor('QA'), orderId);
    expect(staff[0].numberPlates).toEqual(plates);
    expect(staff[1].numberPlates).toBeNull();
    expect(staff[0].originalUrl).toContain(`/images/${imageIds[0]}/original.jpg?`);
    expect(staff[3].originalUrl).toContain('/original.jpg?');
    expect(staff[4].originalUrl).toBeNull();
    expect(staff.map((v) => [v.id, v.label, v.reEditRequest])).toEqual(mine.map((v) => [v.id, v.label, v.reEditRequest]));
  });

  it('answers an order without pictures with none, as the gateway does', async () => {
    expect(await service.ofOrder(actorFor('Dealership', { userId: dealer }), emptyOrderId)).toEqual([]);
    expect(await rpc.send(OrdersRpc.access, { id: emptyOrderId }, actorFor('Admin'))).toMatchObject({ id: emptyOrderId });
  });

  it('shows the pictures to whoever sees the order, and "not found" to anyone else', async () => {
    for (const actor of [
      actorFor('Admin'),
      actorFor('QA'),
      actorFor('System'),
      actorFor('Dealership', { userId: dealer }),
      actorFor('Dealership', { userId: dealer, salesPersonId: randomUUID() }),
      actorFor('Management', { userId: parent }),
    ]) {
      expect([actor.role, await statusOf(actor, orderId)]).toEqual([actor.role, 200]);
    }
    for (const actor of [
      actorFor('Dealership', { userId: other }),
      actorFor('Dealership', { userId: other, salesPersonId: randomUUID() }),
      // a management account whose children are other accounts
      actorFor('Management', { userId: stranger }),
      // a dealership's id under another role, and a role that owns no orders
      actorFor('Management', { userId: randomUUID() }),
      actorFor('Anonymous'),
    ]) {
      expect([actor.role, actor.userId, await statusOf(actor, orderId)]).toEqual([actor.role, actor.userId, 404]);
      // the same for an order without pictures: nothing tells whether it has any
      expect([actor.role, await statusOf(actor, emptyOrderId)]).toEqual([actor.role, 404]);
    }
    // an order that does not exist
    expect(await statusOf(actorFor('Admin'), randomUUID())).toBe(404);
  });

  it('answers one picture as the order\'s list shows it, and "Image not found" to whoever may not see it', async () => {
    const dealerActor = actorFor('Dealership', { userId: dealer });
    const list = await service.ofOrder(dealerActor, orderId);
    for (const index of [0, 2, 4, 29]) {
      const one = await service.get(dealerActor, imageIds[index]);
      expect({ ...one, url: null, thumbnailUrl: null }).toEqual({ ...list[index], url: null, thumbnailUrl: null });
    }
    expect(await answerOf(() => service.get(actorFor('Management', { userId: parent }), imageIds[0]))).toEqual([200]);
    for (const actor of [actorFor('Dealership', { userId: other }), actorFor('Management', { userId: stranger })]) {
      expect(await answerOf(() => service.get(actor, imageIds[0]))).toEqual([404, 'Image not found']);
    }
    expect(await answerOf(() => service.get(actorFor('Admin'), randomUUID()))).toEqual([404, 'Image not found']);
  });

  it('reads the pictures and their re-edit requests in one statement', async () => {
    const dealerActor = actorFor('Dealership', { userId: dealer });
    // every statement goes through a pg client's query (TypeORM's and the prepared ones alike);
    // only those of the call being counted: the services' pollers (outbox, sweepers) run meanwhile
    const counting = new AsyncLocalStorage<string[]>();
    const original = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      // the orders and users services share the process: only the images service's statements count
      const params = (this as unknown as { connectionParameters: { application_name?: string } }).connectionParameters;
      const statements = counting.getStore();
      if (statements && params.application_name === 'images') statements.push(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof Client.prototype.query);
    const statementsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
      const statements: string[] = [];
      await counting.run(statements, run);
      return statements;
    };
    try {
      expect(await statementsOf(() => service.ofOrder(dealerActor, orderId))).toHaveLength(1);
      expect(await statementsOf(() => service.ofOrder(dealerActor, emptyOrderId))).toHaveLength(1);
      // one picture: the same, by its id
      expect(await statementsOf(() => service.get(dealerActor, imageIds[0]))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('costs little CPU (printed with IMAGES_CPU_RUNS)', async () => {
    const dealerActor = actorFor('Dealership', { userId: dealer });
    const runs = Number(process.env.IMAGES_CPU_RUNS ?? 0);
    if (runs > 0) {
      /** CPU milliseconds PostgreSQL's backends spent for the images service's connections (Linux /proc, 10 ms ticks) */
      const backendMs = async (): Promise<number> => {
        const rows = await stack.db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'images'`);
        let ms = 0;
        for (const { pid } of rows) {
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
          ms += (Number(fields[11]) + Number(fields[12])) * 10;
        }
        return ms;
      };
      const measure = async (label: string) => {
        for (let i = 0; i < 50; i++) await service.ofOrder(dealerActor, orderId);
        const backend = await backendMs();
        const start = process.cpuUsage();
        for (let i = 0; i < runs; i++) await service.ofOrder(dealerActor, orderId);
        const used = process.cpuUsage(start);
        const pg = (await backendMs()) - backend;
        // eslint-disable-next-line no-console
        console.log(`${label}: ${((used.user + used.system) / runs / 1000).toFixed(3)} ms CPU per call in this process, PostgreSQL ${(pg / runs).toFixed(3)} ms (${runs} calls)`);
      };
      // the whole call: the images service, the access RPC on NATS and the orders service's answer
      await measure('of-order with the access RPC');
      // the images service's own part: the access answer given at once
      const order: OrderAccess = await rpc.send(OrdersRpc.access, { id: orderId }, dealerActor);
      const access = stack.services.images!.get(OrderAccessService);
      const read = jest.spyOn(access, 'read').mockResolvedValue(order);
      try {
        await measure("of-order, the images service's own part");
      } finally {
        read.mockRestore();
      }
    }
  });
});
