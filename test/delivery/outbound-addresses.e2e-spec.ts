import { OUTBOUND_REFUSED_MESSAGE } from '@app/outbound';
import type { OrderDeliveryView } from '@app/contracts';
import { seedDeliverableOrders, seedDeliveryPictures, waitFor, type SeededPicture } from '@app/testing';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { Client } from 'pg';
import { createAccount, signIn, startTestStack, type TestAccount, type TestStack, type UserSession } from '../support';
import { AZURITE_ACCOUNT, AZURITE_KEY } from './destinations';

/** A TCP listener on the loopback that counts who connects (whatever the protocol): the inside of the network. */
interface InsideListener {
  port: number;
  connections: number;
  close(): Promise<void>;
}

async function insideListener(): Promise<InsideListener> {
  const listener = { connections: 0 } as InsideListener;
  const server: NetServer = createNetServer((socket) => {
    listener.connections++;
    // what an internal service would say first: never shown to whoever set the integration
    socket.end('220 internal-db ready SECRET-BANNER\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  listener.port = (server.address() as AddressInfo).port;
  listener.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return listener;
}

/**
 * Integrations must not reach the service's own network. With the default settings (here
 * the allowance names only 127.0.0.2, the stand-in for a permitted destination) an FTP host,
 * webhook URL, S3 endpoint or Azure account written as a loopback, private or link-local
 * address, in any spelling, or a name resolving to one, is refused at save time with a 400,
 * and a test connection or a queued delivery to one never reaches a listener the test opens.
 */
describe('outbound addresses: integrations cannot reach the inside of the network', () => {
  jest.setTimeout(180_000);
  let stack: TestStack;
  let admin: UserSession;
  let inside: InsideListener;
  let pictures: SeededPicture[];

  beforeAll(async () => {
    [stack, inside] = await Promise.all([
      startTestStack({
        label: 'outbound',
        env: { OUTBOUND_ALLOW: '127.0.0.2', DELIVERY_TEST_TIMEOUT_MS: '4000', DELIVERY_TIMEOUT_MS: '5000', DELIVERY_POLL_MS: '200', DELIVERY_RETRY_DELAY_MS: '600000' },
      }),
      insideListener(),
    ]);
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    pictures = await seedDeliveryPictures(stack.s3, 1);
  });

  afterAll(async () => {
    await inside?.close();
    await stack?.close();
  });

  beforeEach(() => {
    inside.connections = 0;
  });

  const dealership = (): Promise<TestAccount> => createAccount(stack, { role: 'Dealership' });
  const create = (userId: string, provider: string, settings: object) =>
    admin.post('/api/remote-integration').send({ provider, isActive: true, userId, Username: 'u', Password: 'p', settings });

  /** An integration saved before its destination was refused (or whose name resolved elsewhere then): its settings written in the database. */
  async function storedPointingAt(userId: string, provider: string, publicSettings: object, internalSettings: object): Promise<string> {
    const res = await create(userId, provider, publicSettings);
    expect(res.status).toBe(201);
    const c = new Client({ connectionString: stack.db.url });
    await c.connect();
    try {
      await c.query('UPDATE users.remote_integration SET settings = $2 WHERE id = $1', [res.body.id, JSON.stringify(internalSettings)]);
    } finally {
      await c.end();
    }
    return res.body.id as string;
  }

  const SPELLINGS = ['127.0.0.1', 'localhost', '0.0.0.0', '[::1]', '2130706433', '0x7f000001', '0177.0.0.1', '127.1', '169.254.169.254', '10.0.0.8', '[::ffff:127.0.0.1]'];

  it.each(SPELLINGS)('refuses %s as an FTP host, a webhook URL, an S3 endpoint and an Azure account URL at save time (400)', async (host) => {
    const userId = (await dealership()).id;
    const port = inside.port;
    const cases: Array<[string, object]> = [
      ['GENERIC_FTP', { host, port }],
      ['WEBHOOK_API', { endpointUrl: `http://${host}:${port}/hooks`, signingSecret: 's' }],
      ['S3_BUCKET', { endpoint: `http://${host}:${port}`, bucket: 'photos' }],
      ['AZURE_BLOB', { accountUrl: `http://${host}:${port}/${AZURITE_ACCOUNT}`, container: 'photos' }],
    ];
    for (const [provider, settings] of cases) {
      const res = await create(userId, provider, settings);
      expect({ provider, status: res.status, body: res.body }).toEqual({ provider, status: 400, body: { statusCode: 400, message: OUTBOUND_REFUSED_MESSAGE } });
    }
    // nothing was saved, and nothing was connected to
    expect((await admin.get(`/api/remote-integration/user/${userId}`).expect(200)).body).toEqual([]);
    expect(inside.connections).toBe(0);
  });

  it('refuses an Azure connection string naming the inside (a blob endpoint, the development storage), and the product\'s own S3', async () => {
    const userId = (await dealership()).id;
    for (const connectionString of [
      `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};BlobEndpoint=http://127.0.0.1:${inside.port}/${AZURITE_ACCOUNT};`,
      'UseDevelopmentStorage=true',
    ]) {
      const res = await create(userId, 'AZURE_BLOB', { connectionString, container: 'photos' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(OUTBOUND_REFUSED_MESSAGE);
    }
    const own = await create(userId, 'S3_BUCKET', { endpoint: stack.s3.endpoint, bucket: stack.s3.bucket });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(OUTBOUND_REFUSED_MESSAGE);
  });

  it('refuses moving a saved integration inside, and accepts a name that does not resolve yet', async () => {
    const userId = (await dealership()).id;
    const saved = await create(userId, 'GENERIC_FTP', { host: 'ftp.not-published-yet.example', port: 21 });
    expect(saved.status).toBe(201);
    const moved = await admin.put(`/api/remote-integration/${saved.body.id}`).send({ settings: { host: 'LOCALHOST', port: 21 } });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({ statusCode: 400, message: OUTBOUND_REFUSED_MESSAGE });
    expect((await admin.get(`/api/remote-integration/user/${userId}`).expect(200)).body[0].settings.host).toBe('ftp.not-published-yet.example');
    // the allowed destination is saved
    await admin.put(`/api/remote-integration/${saved.body.id}`).send({ settings: { host: '127.0.0.2', port: 21 } }).expect(200);
  });

  it('a test connection to an integration pointing inside answers the refusal and never connects (FTP, API, S3, Azure)', async () => {
    const userId = (await dealership()).id;
    const port = inside.port;
    const ids = [
      await storedPointingAt(userId, 'GENERIC_FTP', { host: 'ftp.dealer.example', port: 21 }, { host: 'localhost', port }),
      await storedPointingAt(userId, 'DEALER_FTP', { host: 'ftp.dealer.example', port: 21 }, { host: '[::ffff:127.0.0.1]', port }),
      await storedPointingAt(userId, 'WEBHOOK_API', { endpointUrl: 'https://hooks.dealer.example/in', signingSecret: 's' }, { endpointUrl: `http://2130706433:${port}/hooks` }),
      // the product's own S3 answered "Reached the bucket" with its keys before
      await storedPointingAt(userId, 'S3_BUCKET', { endpoint: 'https://s3.dealer.example', bucket: 'photos' }, { endpoint: stack.s3.endpoint, bucket: stack.s3.bucket }),
      await storedPointingAt(userId, 'AZURE_BLOB', { accountUrl: 'https://dealer.blob.core.windows.net', container: 'photos' }, { accountUrl: `http://127.1:${port}/${AZURITE_ACCOUNT}`, container: 'photos' }),
    ];
    for (const id of ids) {
      const res = await admin.post(`/api/remote-integration/${id}/test-connection`).expect(200);
      expect(res.body).toEqual({ ok: false, message: OUTBOUND_REFUSED_MESSAGE });
    }
    expect(inside.connections).toBe(0);
  });

  it('a queued delivery to the inside fails at once with the same text, and sends nothing there', async () => {
    const dealer = await dealership();
    const port = inside.port;
    const ftp = await storedPointingAt(dealer.id, 'PORTAL_FTP', { host: 'ftp.dealer.example', port: 21 }, { host: '127.0.0.1', port });
    const api = await storedPointingAt(dealer.id, 'INVENTORY_SYNC_API', { endpointUrl: 'https://hooks.dealer.example/in', signingSecret: 's' }, { endpointUrl: `http://localhost:${port}/hooks` });
    const [order] = await seedDeliverableOrders(stack.db.url, { accountId: dealer.id, count: 1, pictures, namePrefix: 'Inside' });
    await admin.post(`/api/orders/enqueue-order-delivery-by-id/${order.id}`).send({ selectedIntegrations: [{ id: ftp }, { id: api }] }).expect(200);
    const failed = await waitFor(
      async () => {
        const deliveries = (await admin.get(`/api/orders/${order.id}/deliveries`).expect(200)).body as OrderDeliveryView[];
        return deliveries.length === 2 && deliveries.every((d) => d.state === 'failed') ? deliveries : null;
      },
      'both deliveries failed',
      60_000,
      200,
    );
    expect(failed.map((d) => ({ attempts: d.attempts, lastError: d.lastError, receipts: d.receipts.length }))).toEqual([
      { attempts: 1, lastError: OUTBOUND_REFUSED_MESSAGE, receipts: 0 },
      { attempts: 1, lastError: OUTBOUND_REFUSED_MESSAGE, receipts: 0 },
    ]);
    expect(inside.connections).toBe(0);
  });

  describe('an allowed endpoint that answers a redirect to the inside', () => {
    let redirecting: Server;
    let url: string;
    const seen: string[] = [];
    beforeAll(async () => {
      redirecting = createServer((req, res) => {
        seen.push(`${req.method} ${req.url}`);
        req.resume();
        if (req.url === '/gone') res.writeHead(404, 'Not Found', { 'Content-Type': 'text/plain' }).end('postgres://admin:SECRET-BODY@10.0.0.5/db');
        else res.writeHead(302, { Location: `http://127.0.0.1:${inside.port}/steal` }).end('redirecting SECRET-BODY');
      });
      await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.2', resolve));
      url = `http://127.0.0.2:${(redirecting.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => redirecting.close(() => resolve())));

    it('is not followed: the test connection and a delivery stop at the 302 with a short status line', async () => {
      const dealer = await dealership();
      const res = await create(dealer.id, 'WEBHOOK_API', { endpointUrl: `${url}/hooks`, signingSecret: 's' });
      expect(res.status).toBe(201);
      const tested = await admin.post(`/api/remote-integration/${res.body.id}/test-connection`).expect(200);
      expect(tested.body).toEqual({ ok: false, message: `${url}/hooks refused the delivery (302): Found` });

      const [order] = await seedDeliverableOrders(stack.db.url, { accountId: dealer.id, count: 1, pictures, namePrefix: 'Redirected' });
      await admin.post(`/api/orders/enqueue-order-delivery-by-id/${order.id}`).send({ selectedIntegrations: [{ id: res.body.id }] }).expect(200);
      const [failed] = await waitFor(
        async () => {
          const deliveries = (await admin.get(`/api/orders/${order.id}/deliveries`).expect(200)).body as OrderDeliveryView[];
          return deliveries[0]?.state === 'failed' ? deliveries : null;
        },
        'the delivery failed',
        60_000,
        200,
      );
      expect(failed.lastError).toBe(`${url}/hooks refused the delivery (302): Found`);
      expect(seen.filter((s) => s === 'POST /hooks')).toHaveLength(2);
      expect(inside.connections).toBe(0);
    });

    it('tells a refusal by its status line, never by the body of the answer', async () => {
      const dealer = await dealership();
      const res = await create(dealer.id, 'WEBHOOK_API', { endpointUrl: `${url}/gone`, signingSecret: 's' });
      expect(res.status).toBe(201);
      const tested = await admin.post(`/api/remote-integration/${res.body.id}/test-connection`).expect(200);
      expect(tested.body).toEqual({ ok: false, message: `${url}/gone refused the delivery (404): Not Found` });
      expect(JSON.stringify(tested.body)).not.toContain('SECRET-BODY');
    });
  });
});
