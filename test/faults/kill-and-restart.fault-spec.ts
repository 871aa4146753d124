import type { ImageView, OrderEventView, OrderView } from '@app/contracts';
import { testJpeg } from '@app/testing';
import {
  createDealership,
  createFreeFormGuide,
  createOrder,
  postOrderImage,
  postToPresigned,
  signedInAs,
  uploadOrderImage,
  type UserSession,
} from '../support';
import { randomUUID } from 'node:crypto';
import { FaultStack, waitUntil } from './fault-stack.harness';

/**
 * Faults: the services run as processes and are killed (SIGKILL: no shutdown hook runs) in
 * the middle of their work, and NATS and PostgreSQL are restarted while orders are in flight.
 * After each, what a dealer sees must be whole: every picture of the orders in flight
 * processed exactly once, the order's counts and status right, its timeline without a lost or
 * doubled line, and nothing in the dead-letter stream.
 */
describe('faults: processes killed and servers restarted mid-work lose and double nothing', () => {
  jest.setTimeout(120_000);
  let stack: FaultStack;
  let admin: UserSession;
  let dealer: UserSession;
  let dealerId: string;
  let salesPersonId: string;
  let styleGuide: string;
  let photo: Buffer;

  beforeAll(async () => {
    stack = await FaultStack.start();
    ({ account: { id: dealerId }, session: dealer, salesPersonId } = await createDealership(stack));
    admin = await signedInAs(stack, { role: 'Admin' });
    // bypass: the pipeline's quickest route, with nothing to upload for the guide; free-form positions
    styleGuide = await createFreeFormGuide(admin, { name: `Faults ${randomUUID().slice(0, 6)}`, assignTo: [dealerId] });
    photo = await testJpeg(640, 480);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  const newOrder = (pictures: number): Promise<OrderView> => createOrder(dealer, { styleGuide, salesMan: salesPersonId, takenImagesCount: pictures });
  const orderOf = async (id: string): Promise<OrderView> => {
    const res = await dealer.get(`/api/orders/${id}`);
    if (res.status !== 200) throw new Error(`GET /api/orders/${id} answered ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as OrderView;
  };

  /**
   * Waits until the order is ready to download with every picture processed, then checks it
   * as a dealer, QA and ops would see it.
   */
  async function expectOrderDone(orderId: string, pictures: number, moreTimeline: string[] = []): Promise<void> {
    let last: OrderView | undefined;
    const order = await waitUntil(
      async () => {
        last = await orderOf(orderId);
        return last.status === 'Ready to download' && last.processedImagesCount === pictures ? last : null;
      },
      `order ${orderId} ready to download with ${pictures} pictures processed`,
      60_000,
      () => `the order last seen: ${JSON.stringify(last)}\n${stack.logsOf()}`,
    );
    expect(order).toMatchObject({
      takenImagesCount: pictures,
      imageCount: pictures,
      uploadedImagesCount: pictures,
      processedImagesCount: pictures,
      failedImagesCount: 0,
      QAstatus: 'Approved',
    });

    // nothing left in flight: a message redelivered after a kill has come back and been settled
    await stack.settled();

    // every picture processed, each with its outputs
    const images = (await dealer.get(`/api/images/order/${orderId}`).expect(200)).body as ImageView[];
    expect(images).toHaveLength(pictures);
    for (const image of images) expect(image).toMatchObject({ optimisationStatus: 'completed', failureReason: null });

    // processed exactly once: one job per picture, finished by one worker (what ops see in the pipeline's records)
    const jobs = await stack.db.query<{ image_id: string; status: string }>('SELECT image_id, status FROM pipeline.pipeline_job WHERE order_id = $1', [orderId]);
    expect(jobs.map((j) => j.status)).toEqual(Array(pictures).fill('processed'));
    expect(new Set(jobs.map((j) => j.image_id))).toEqual(new Set(images.map((i) => i.id)));

    // the timeline: each step once, no line twice
    const events = (await admin.get(`/api/events/order/${orderId}?isHidden=true`).expect(200)).body.items as OrderEventView[];
    expect(events.map((e) => e.eventName).sort()).toEqual(['NEW', 'PROCESSING_COMPLETED', 'UPDATED', 'UPDATED', 'UPLOAD_COMPLETED', ...moreTimeline].sort());
    const lines = events.map((e) => `${e.eventName} ${JSON.stringify(e.payload)}`);
    expect(lines).toEqual([...new Set(lines)]);

    expect(await stack.deadLetters()).toEqual([]);
  }

  afterEach(async () => {
    await stack.reset();
  });

  /** Asks the signed URLs of the positions and posts the files, as the web creator does (no completion call). */
  async function postPictures(orderId: string, positions: number[]): Promise<string[]> {
    const ids: string[] = [];
    for (const position of positions) {
      const { imageId, status } = await postOrderImage(dealer, orderId, position, photo);
      if (status >= 300) throw new Error(`the presigned POST answered ${status}`);
      ids.push(imageId);
    }
    return ids;
  }

  it('the pipeline worker killed mid-job: the next worker redoes the job, and every picture is processed once', async () => {
    await stack.restartWithFaultPoints('pipeline', 'pipeline.outputs-written');
    const order = await newOrder(3);
    const reached = stack.reachedFaultPoint('pipeline', 'pipeline.outputs-written');
    for (const position of [1, 2, 3]) await uploadOrderImage(dealer, order.id, position, photo);
    // the first job has written its outputs to S3 and not committed its result
    const stopped = await reached;
    expect((await orderOf(order.id)).processedImagesCount).toBe(0);
    await stack.kill('pipeline');
    await stack.start('pipeline');

    await expectOrderDone(order.id, 3);
    // the job the killed worker held was finished by the new one, on its second delivery
    const [job] = await stack.db.query<{ attempt: number }>('SELECT attempt FROM pipeline.pipeline_job WHERE job_id = $1', [stopped.jobId]);
    expect(job).toEqual({ attempt: 2 });
  });

  it('the images service killed between the upload check and the acceptance: the upload is accepted once after its restart', async () => {
    await stack.restartWithFaultPoints('images', 'images.upload-checked');
    const order = await newOrder(2);
    const reached = stack.reachedFaultPoint('images', 'images.upload-checked');
    // the file arrives; the service's sweeper finds it, checks it and is killed before accepting it
    const [imageId] = await postPictures(order.id, [1]);
    expect(await reached).toEqual({ imageId });
    await stack.kill('images');
    // the app reporting the upload meanwhile is told at once that the service is away
    const meanwhile = await dealer.post('/api/images/upload-complete').send({ imageId });
    expect(meanwhile.body).toEqual({ statusCode: 503, message: expect.stringContaining('The images service is unavailable') });
    expect((await orderOf(order.id)).uploadedImagesCount).toBe(0);

    await stack.start('images');
    // nobody reports it again: the restarted service finds the file and accepts it
    await waitUntil(
      async () => (await dealer.get(`/api/images/data/${imageId}`)).body?.optimisationStatus === 'completed',
      'the picture accepted and processed after the restart',
      30_000,
      () => stack.logsOf(),
    );
    // the app's retry is answered with the accepted picture
    const retried = await dealer.post('/api/images/upload-complete').send({ imageId });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: imageId, optimisationStatus: 'completed' });
    await uploadOrderImage(dealer, order.id, 2, photo);

    await expectOrderDone(order.id, 2);
  });

  it('the orders service killed after applying events and before acknowledging them: after its restart no timeline line is doubled', async () => {
    const order = await newOrder(2);
    await uploadOrderImage(dealer, order.id, 1, photo);
    await waitUntil(async () => (await orderOf(order.id)).processedImagesCount === 1, 'the order showing its first picture processed', 30_000);

    // both of its consumers hold after committing their next message, before acknowledging it
    const progressPoint = 'consumer.orders-image-progress.applied';
    const timelinePoint = 'consumer.orders-image-timeline.applied';
    await stack.restartWithFaultPoints('orders', progressPoint, timelinePoint);
    const reached = Promise.all([stack.reachedFaultPoint('orders', progressPoint), stack.reachedFaultPoint('orders', timelinePoint)]);
    // the app sends something that is not a picture for the second position: refused, with a line on the timeline
    const { imageId, status } = await postOrderImage(dealer, order.id, 2, Buffer.from('this is not a picture'));
    expect(status).toBeLessThan(300);
    const refused = await dealer.post('/api/images/upload-complete').send({ imageId });
    expect(refused.status).toBe(400);
    await reached;
    // applied (the timeline shows it) and not acknowledged
    const before = (await admin.get(`/api/events/order/${order.id}?isHidden=true`).expect(200)).body.items as OrderEventView[];
    expect(before.filter((e) => e.eventName === 'IMAGE_REJECTED')).toHaveLength(1);
    await stack.kill('orders');
    await stack.start('orders');

    // the messages come again to the new instance (once their ack wait is over), which knows it applied them
    await uploadOrderImage(dealer, order.id, 2, photo);
    await expectOrderDone(order.id, 2, ['IMAGE_REJECTED']);
  });

  it('NATS restarted while a job completes: its result waits in the outbox and everything completes once NATS is back', async () => {
    // the first job holds 5 s after writing its outputs; NATS goes away meanwhile
    await stack.restartWithFaultPoints('pipeline', 'pipeline.outputs-written:5000');
    const order = await newOrder(3);
    const reached = stack.reachedFaultPoint('pipeline', 'pipeline.outputs-written');
    await postPictures(order.id, [1, 2, 3]);
    const held = await reached;
    await stack.stopNats();
    try {
      // the job commits its result without NATS: the processed event waits in the pipeline's outbox
      await waitUntil(
        async () => {
          const done = await stack.db.query('SELECT 1 FROM pipeline.pipeline_job WHERE job_id = $1', [held.jobId]);
          const waiting = await stack.db.query('SELECT 1 FROM pipeline.outbox WHERE sent_at IS NULL');
          return done.length === 1 && waiting.length > 0;
        },
        'the held job committed with its event unsent while NATS is down',
        30_000,
        () => stack.logsOf(),
      );
    } finally {
      await stack.startNats();
    }
    await expectOrderDone(order.id, 3);
  });

  it('PostgreSQL restarted for 5 s under a job in progress and the services: nothing fails, everything completes', async () => {
    // the first job holds 4 s after writing its outputs, inside its transaction, while PostgreSQL goes away under it
    await stack.restartWithFaultPoints('pipeline', 'pipeline.outputs-written:4000');
    const order = await newOrder(3);
    const reached = stack.reachedFaultPoint('pipeline', 'pipeline.outputs-written');
    await postPictures(order.id, [1, 2, 3]);
    const held = await reached;
    await stack.restartPostgres(5000);
    await expectOrderDone(order.id, 3);
    // the held job lost its connection: it waited for the database and ran again, and the outage used up none of its attempts
    const [job] = await stack.db.query<{ attempt: number }>('SELECT attempt FROM pipeline.pipeline_job WHERE job_id = $1', [held.jobId]);
    expect(job).toEqual({ attempt: 1 });
  });
});
