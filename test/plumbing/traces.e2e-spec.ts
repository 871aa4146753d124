import { Writable } from 'node:stream';
import type { OrderView } from '@app/contracts';
import { createLogger } from '@app/logging';
import { startTracing, stopTracing } from '@app/ops';
import { testJpeg, testInfra, waitFor } from '@app/testing';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createAccount, createOrder, createSalesPerson, signIn, startTestStack, uploadOrderImage, type TestStack } from '../support';

/**
 * One upload is one trace: the gateway's request, the NATS request, the images service's
 * handler and its queries, the job through the outbox and JetStream, the pipeline worker, the
 * images service's result consumer and the orders service's progress consumer all share the
 * trace id of the HTTP request, each span the child of the one that caused it.
 */
describe('traces across the whole path of an upload', () => {
  jest.setTimeout(180_000);
  const exporter = new InMemorySpanExporter();
  const imagesLog: Array<Record<string, unknown>> = [];
  let stack: TestStack;

  beforeAll(async () => {
    // before the stack: the instrumentations wrap http and pg as a process's entry does
    startTracing({ serviceName: 'dealer-photo', env: {}, spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const lines = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) imagesLog.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    stack = await startTestStack({
      label: 'traces',
      env: { IMAGES_UPLOAD_POLL_MS: '300' },
      logger: (name) => (name === 'images' ? createLogger(name, 'debug', lines) : createLogger(name, testInfra.logLevel)),
    });
  });

  afterAll(async () => {
    await stack?.close();
    await stopTracing();
  });

  it('the upload-complete request, the job, the result and the order progress are one connected trace', async () => {
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
    const [admin, asDealer] = await Promise.all([createAccount(stack, { role: 'Admin' }).then((a) => signIn(stack, a.email)), signIn(stack, dealer.email)]);
    const salesPersonId = (await createSalesPerson(stack, dealer.id)).id;
    const guide = (await admin.post('/api/style-guides').send({ name: 'Traced guide', frameFreeRouting: 'bypass', outputWidth: 640, outputHeight: 480, maxImageSize: 200_000 }).expect(201)).body.id as string;
    await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId: dealer.id, styleGuideId: guide }).expect(200);
    const order: OrderView = await createOrder(asDealer, { styleGuide: guide, salesMan: salesPersonId, takenImagesCount: 1 });
    await uploadOrderImage(asDealer, order.id, 1, await testJpeg(640, 480));

    await waitFor(
      async () => {
        const o = (await asDealer.get(`/api/orders/${order.id}`).expect(200)).body as OrderView;
        return o.processedImagesCount === 1 ? o : null;
      },
      'the picture processed and counted on its order',
      90_000,
      300,
    );

    const all = () => exporter.getFinishedSpans();
    // the gateway's request span, named after its route
    const request = all().find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /api/images/upload-complete');
    expect(request?.attributes).toMatchObject({ 'http.route': '/api/images/upload-complete' });
    const traceId = request!.spanContext().traceId;
    const inTrace = () => all().filter((s) => s.spanContext().traceId === traceId);
    const byId = () => new Map(inTrace().map((s) => [s.spanContext().spanId, s]));
    const parentOf = (s: ReadableSpan) => byId().get(s.parentSpanContext?.spanId ?? '');
    const one = (name: string | RegExp, kind: SpanKind): ReadableSpan => {
      const found = inTrace().filter((s) => s.kind === kind && (typeof name === 'string' ? s.name === name : name.test(s.name)));
      if (found.length === 0) throw new Error(`no ${SpanKind[kind]} span ${name} in the trace; it holds ${inTrace().map((s) => `${SpanKind[s.kind]} ${s.name}`).join(', ')}`);
      return found[0]!;
    };
    // the gateway's request → the NATS request → the images service's handler
    const rpc = one('images.images.upload-complete', SpanKind.CLIENT);
    expect(parentOf(rpc)).toBe(request);
    const handler = one('images.images.upload-complete', SpanKind.SERVER);
    expect(parentOf(handler)).toBe(rpc);
    expect(handler.attributes).toMatchObject({ 'messaging.system': 'nats', 'messaging.destination.name': 'images.images.upload-complete' });
    // its queries, under the handler
    const ancestors = (s: ReadableSpan): ReadableSpan[] => {
      const p = parentOf(s);
      return p ? [p, ...ancestors(p)] : [];
    };
    expect(inTrace().some((s) => s.kind === SpanKind.CLIENT && (s.attributes['db.system'] === 'postgresql' || s.attributes['db.system.name'] === 'postgresql') && ancestors(s).includes(handler))).toBe(true);
    // the job, queued by the handler through the outbox
    const job = one(/^pipeline\./, SpanKind.CONSUMER);
    expect(ancestors(job)).toContain(handler);
    // the pipeline's result, applied by the images service
    const result = one('evt.pipeline.image-processed', SpanKind.CONSUMER);
    expect(parentOf(result)).toBe(job);
    expect(result.attributes).toMatchObject({ 'messaging.consumer.group.name': 'images-pipeline-results' });
    // and the order's progress the result made, applied by the orders service (the last step)
    const progress = await waitFor(
      async () =>
        inTrace().find(
          (s) => s.kind === SpanKind.CONSUMER && s.name === 'evt.images.order-progress' && s.attributes['messaging.consumer.group.name'] === 'orders-image-progress' && ancestors(s).includes(result),
        ) ?? null,
      'the orders progress consumer span under the pipeline result',
      30_000,
      200,
    );
    expect(progress.spanContext().traceId).toBe(traceId);

    // the pipeline read the original and wrote the outputs in S3 within the job
    const s3Calls = inTrace().filter((s) => s.kind === SpanKind.CLIENT && ancestors(s).includes(job) && s.attributes['server.port'] === Number(new URL(stack.s3.endpoint).port));
    expect([...new Set(s3Calls.map((s) => s.name))]).toEqual(expect.arrayContaining(['GET', 'PUT']));

    // a log line of the images service's handler names the trace and its span
    const line = imagesLog.find((l) => l.subject !== undefined && String(l.subject).endsWith('images.images.upload-complete') && l.msg === 'rpc');
    expect(line).toMatchObject({ traceId, spanId: handler.spanContext().spanId, requestId: expect.any(String) });
  });
});
