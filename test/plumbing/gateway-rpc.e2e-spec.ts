import { SERVICE_NAMES } from '@app/contracts';
import { connectNats, decodeJson } from '@app/messaging';
import { testInfra, waitFor } from '@app/testing';
import { createAccount, signIn, startTestStack, type TestStack, type UserSession } from '../support';
import { SEGMENTATION_SERVER_MODEL, startSegmentationServer } from '../../services/pipeline/test/helpers/segmentation-server';
import { Body, Controller, Module, Post, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';
import type { NatsConnection } from 'nats';

class AddressDto {
  @IsString()
  city!: string;
}

class ProbeDto {
  @IsEmail()
  email!: string;

  @IsString()
  @MinLength(3)
  name!: string;

  @IsInt()
  @Min(1)
  @Max(100)
  count!: number;

  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;
}

class PageQuery {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page!: number;
}

/** A test-only route that goes through the gateway's real validation and error mapping. */
@Controller('test-probe')
class ProbeController {
  @Post()
  create(@Body() body: ProbeDto, @Query() query: PageQuery): { received: ProbeDto; page: number } {
    return { received: body, page: query.page };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('gateway to services over NATS', () => {
  let stack: TestStack;
  let nc: NatsConnection;
  /** the ping of one service is for staff */
  let staff: UserSession;

  beforeAll(async () => {
    // generous timeouts: other test files may load both cores at the same time
    stack = await startTestStack({ label: 'gateway', rpcTimeoutMs: 3000, healthTimeoutMs: 2000, gatewayModules: [ProbeModule] });
    nc = await connectNats(testInfra.natsUrl, 'gateway-test-observer');
    staff = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
  });

  afterAll(async () => {
    await nc?.close();
    await stack?.close();
  });

  it('reaches every service by request-reply and reports all of them up', async () => {
    const res = await stack.http().get('/api/health').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      services: Object.fromEntries(SERVICE_NAMES.map((s) => [s, 'up'])),
      // the stack's pipeline runs the built-in fallback: no network, and that is not degraded
      segmentation: { kind: 'classical', status: 'up' },
    });
    for (const service of SERVICE_NAMES) {
      const ping = await staff.get(`/api/health/services/${service}`).expect(200);
      expect(ping.body).toMatchObject({ service, status: 'up' });
    }
  });

  it('carries the request id to the service, in the actor and in the NATS headers', async () => {
    const seen: Array<{ requestId: string; header: string | undefined }> = [];
    // a plain (non-queue) subscription sees a copy of every request to the subject
    const sub = nc.subscribe(stack.ns.namespace.subject('health.orders'), {
      callback: (_err, msg) => {
        const packet = decodeJson<{ data: { actor: { requestId: string } } }>(msg.data);
        seen.push({ requestId: packet.data.actor.requestId, header: msg.headers?.get('x-request-id') });
      },
    });
    await nc.flush();
    const res = await staff.get('/api/health/services/orders').set('x-request-id', 'trace-me-123').expect(200);
    expect(res.headers['x-request-id']).toBe('trace-me-123');
    sub.unsubscribe();
    expect(seen).toContainEqual({ requestId: 'trace-me-123', header: 'trace-me-123' });
  });

  it('answers 404 with a message for an unknown service or route', async () => {
    const res = await staff.get('/api/health/services/nope').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: expect.stringContaining('Unknown service "nope"') });
    const route = await stack.http().get('/api/no-such-route').expect(404);
    expect(route.body).toEqual({ statusCode: 404, message: 'No route GET /api/no-such-route' });
  });

  describe('bad input', () => {
    const valid = { email: 'a@b.dk', name: 'Anna', count: 3, address: { city: 'Aarhus' } };

    it('accepts a valid body', async () => {
      const res = await stack.http().post('/api/test-probe?page=2').send(valid).expect(201);
      expect(res.body).toEqual({ received: valid, page: 2 });
    });

    it('rejects malformed JSON with 400, not 500', async () => {
      const res = await stack
        .http()
        .post('/api/test-probe?page=1')
        .set('content-type', 'application/json')
        .send('{"email": "a@b.dk", ')
        .expect(400);
      // the parser's own words say where the JSON breaks
      expect(res.body).toEqual({ statusCode: 400, message: expect.stringMatching(/JSON at position 20/) });
    });

    it('rejects unknown fields, naming them', async () => {
      const res = await stack.http().post('/api/test-probe?page=1').send({ ...valid, isAdmin: true }).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'property isAdmin should not exist' });
    });

    it('rejects wrong types, naming the field (nested ones by their path)', async () => {
      const res = await stack
        .http()
        .post('/api/test-probe?page=1')
        .send({ ...valid, count: 'three', address: { city: 7 } })
        .expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.message).toContain('count must be an integer number');
      expect(res.body.message).toContain('address.city must be a string');
    });

    it('rejects a bad query parameter, naming it', async () => {
      const res = await stack.http().post('/api/test-probe?page=0').send(valid).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'page must not be less than 1' });
    });

    it('rejects a body that is not the gzip its Content-Encoding says with 400, not 500', async () => {
      const res = await stack
        .http()
        .post('/api/test-probe?page=1')
        .set('content-type', 'application/json')
        .set('content-encoding', 'gzip')
        .send(JSON.stringify(valid))
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: expect.stringContaining('The request body could not be read') });
    });

    it('rejects a body over the size limit with 413', async () => {
      const res = await stack
        .http()
        .post('/api/test-probe?page=1')
        .send({ ...valid, name: 'x'.repeat(1_100_000) })
        .expect(413);
      expect(res.body).toEqual({ statusCode: 413, message: 'Request body is too large' });
    });
  });

  describe('a service that does not answer', () => {
    it('that hangs: 503 "did not answer in time" after the timeout, not a hang', async () => {
      // an extra member of the statistics queue group that never replies; requests are
      // spread over the group, so some land on it
      const hung = nc.subscribe(stack.ns.namespace.subject('health.statistics'), { queue: 'statistics', callback: () => undefined });
      await stack.stopService('statistics');
      await nc.flush();
      const res = await staff.get('/api/health/services/statistics').expect(503);
      expect(res.body).toEqual({ statusCode: 503, message: 'The statistics service did not answer in time. Please try again.' });
      hung.unsubscribe();
      await stack.startService('statistics');
    });

    it('that is stopped: health says down and its routes answer 503 at once', async () => {
      await stack.stopService('orders');
      const health = await stack.http().get('/api/health').expect(200);
      expect(health.body.status).toBe('degraded');
      expect(health.body.services.orders).toBe('down');
      expect(health.body.services.users).toBe('up');

      const res = await staff.get('/api/health/services/orders').expect(503);
      expect(res.body).toEqual({ statusCode: 503, message: 'The orders service is unavailable. Please try again shortly.' });

      await stack.startService('orders');
      const again = await stack.http().get('/api/health').expect(200);
      expect(again.body.status).toBe('ok');
    });
  });

  describe('the segmentation network of the AI routes', () => {
    /** the pipeline booted again with more environment */
    async function restartPipeline(env: Record<string, string | undefined>): Promise<void> {
      await stack.stopService('pipeline');
      for (const [name, value] of Object.entries(env)) {
        if (value === undefined) delete stack.env[name];
        else stack.env[name] = value;
      }
      await stack.startService('pipeline');
    }

    it('is up with its model, or down (degraded: the AI routes fail) with why for staff only; unknown without the pipeline', async () => {
      const seg = await startSegmentationServer();
      try {
        await restartPipeline({ PIPELINE_SEGMENTER: 'http', PIPELINE_SEGMENTER_URL: seg.url });
        const up = await stack.http().get('/api/health').expect(200);
        expect(up.body).toMatchObject({ status: 'ok', segmentation: { kind: 'http', status: 'up', model: SEGMENTATION_SERVER_MODEL } });

        seg.ready = false;
        // the pipeline keeps an answer about 2 s
        const down = await waitFor(async () => {
          const res = await stack.http().get('/api/health').expect(200);
          return res.body.segmentation.status === 'down' && res.body;
        }, 'the segmenter down on the health route');
        expect(down.status).toBe('degraded');
        expect(down.services).toEqual(Object.fromEntries(SERVICE_NAMES.map((s) => [s, 'up'])));
        // anonymous callers learn that it is down, not the segmenter's words
        expect(down.segmentation).toEqual({ kind: 'http', status: 'down', model: SEGMENTATION_SERVER_MODEL });
        const forStaff = await staff.get('/api/health').expect(200);
        expect(forStaff.body.segmentation).toEqual({
          kind: 'http',
          status: 'down',
          model: SEGMENTATION_SERVER_MODEL,
          reason: 'The segmenter answered HTTP 503: the model is loading.',
        });
        const dealer = await signIn(stack, (await createAccount(stack, { role: 'Dealership' })).email);
        expect((await dealer.get('/api/health').expect(200)).body.segmentation).not.toHaveProperty('reason');
      } finally {
        await seg.close();
        await restartPipeline({ PIPELINE_SEGMENTER: undefined, PIPELINE_SEGMENTER_URL: undefined });
      }

      await stack.stopService('pipeline');
      try {
        const res = await stack.http().get('/api/health').expect(200);
        expect(res.body).toMatchObject({ status: 'degraded', services: { pipeline: 'down' }, segmentation: { status: 'unknown' } });
        expect(res.body.segmentation).toEqual({ status: 'unknown' });
      } finally {
        await stack.startService('pipeline');
      }
      const back = await stack.http().get('/api/health').expect(200);
      expect(back.body).toMatchObject({ status: 'ok', segmentation: { kind: 'classical', status: 'up' } });
    });
  });

  it('serves the OpenAPI document', async () => {
    const res = await stack.http().get('/api/docs/openapi.json').expect(200);
    expect(res.body.paths).toHaveProperty('/api/health');
    expect(res.body.info.title).toBe('Dealer photo back-office API');
  });
});
