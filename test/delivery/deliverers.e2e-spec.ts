import { DEFAULT_OUTPUT_RULES, IntegrationsRpc, Namespace, type IntegrationView, type OutputRules } from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import { actorFor, startTestS3, testInfra, testJpeg, waitFor, type TestS3 } from '@app/testing';
import { BlobServiceClient } from '@azure/storage-blob';
import { Client as S3Client } from 'minio';
import type { NatsConnection } from 'nats';
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DeliveryLinksSweeper } from '../../services/delivery/src/delivering/delivery-links.sweeper';
import { DeliveryFailure, ORDER_DELIVERER, type DeliveryReceipt, type OrderDeliverer } from '../../services/delivery/src/delivering/order-deliverer';
import { createAccount, createOrder, createSalesPerson, createStyleGuide, signIn, startTestStack, uploadOrderImage, type TestStack, type UserSession } from '../support';
import { selfSignedCertificate, startAzurite, startFtpServer, startReceiver, type TestAzurite, type TestFtpServer, type TestReceiver } from './destinations';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file under a folder, by name (hidden temporary files included). */
function filesIn(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isFile()) out.set(name, readFileSync(path));
  }
  return out;
}


/**
 * The deliverers against real destinations: an FTP and an FTPS server (ftp-srv), Azure Blob
 * Storage (azurite), an S3-compatible server and a receiving API that checks signatures.
 * An order of three processed pictures is delivered the way the delivery queue does it
 * (`ORDER_DELIVERER` of the delivery service), with the integration made through the API.
 */
describe('deliverers: an order to FTP, FTPS, Azure, S3 and a signed API', () => {
  jest.setTimeout(180_000);
  let stack: TestStack;
  let admin: UserSession;
  let dealerId: string;
  let orderId: string;
  let orderName: string;
  let angleName: string;
  let deliverer: OrderDeliverer;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let ftp: TestFtpServer;
  let ftps: TestFtpServer;
  const FTP_USER = 'photos';
  const FTP_PASSWORD = 'Ftp-Pass-2026!';

  beforeAll(async () => {
    const tls = selfSignedCertificate();
    [stack, ftp, ftps] = await Promise.all([
      startTestStack({
        label: 'deliverers',
        // the destinations listen on the loopback: allowed here explicitly (the default refuses them)
        env: { IMAGES_UPLOAD_POLL_MS: '300', DELIVERY_TEST_TIMEOUT_MS: '4000', DELIVERY_TIMEOUT_MS: '5000', OUTBOUND_ALLOW: '127.0.0.1' },
      }),
      startFtpServer({ user: FTP_USER, password: FTP_PASSWORD }),
      startFtpServer({ user: FTP_USER, password: FTP_PASSWORD, tls }),
    ]);
    nc = await connectNats(testInfra.natsUrl, 'deliverers-test');
    rpc = new RpcClient(nc, new Namespace(stack.ns.prefix), 20_000);
    deliverer = stack.services.delivery!.get<OrderDeliverer>(ORDER_DELIVERER);
    const dealer = await createAccount(stack, { role: 'Dealership', permissions: ['CREATE_ORDERS'] });
    dealerId = dealer.id;
    admin = await signIn(stack, (await createAccount(stack, { role: 'Admin' })).email);
    const asDealer = await signIn(stack, dealer.email);
    const guide = await createStyleGuide(admin, { assignTo: [dealer.id], positions: 3, route: 'bypass' });
    angleName = (await admin.get(`/api/style-guides/${guide.id}`).expect(200)).body.configurations[0].angle.name;
    const salesMan = (await createSalesPerson(stack, dealer.id)).id;
    const order = await createOrder(asDealer, { styleGuide: guide.id, salesMan, orderName: 'Volvo XC60 / 2026', takenImagesCount: 3 });
    orderId = order.id;
    orderName = order.orderName;
    for (const position of [1, 2, 3]) await uploadOrderImage(asDealer, order.id, position, await testJpeg(640, 480, { carColour: ['#b3202a', '#20b32a', '#2a20b3'][position - 1] }));
    await waitFor(
      async () => {
        const images = (await admin.get(`/api/images/order/${order.id}`).expect(200)).body as Array<{ optimisationStatus: string }>;
        return images.length === 3 && images.every((i) => i.optimisationStatus === 'completed');
      },
      'the three pictures processed',
      90_000,
      300,
    );
  });

  afterAll(async () => {
    await nc?.close();
    await Promise.all([ftp?.close(), ftps?.close()]);
    await stack?.close();
  });

  let providerCount = 0;
  /** A fresh dealership integration of this provider, made by the admin through the API. */
  async function integration(provider: string, body: { settings?: object; outputRules?: OutputRules; Username?: string; Password?: string }): Promise<IntegrationView> {
    const account = providerCount++ === 0 ? dealerId : (await createAccount(stack, { role: 'Dealership' })).id;
    const res = await admin.post('/api/remote-integration').send({ provider, isActive: true, userId: account, ...body });
    expect(res.status).toBe(201);
    return res.body as IntegrationView;
  }

  const attempt = (integrationId: string, messageId = randomUUID(), n = 1) => ({ messageId, orderId, integrationId, attempt: n });
  const failureOf = async (run: Promise<unknown>): Promise<DeliveryFailure> => {
    const err = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DeliveryFailure);
    return err as DeliveryFailure;
  };

  it('FTP: the chosen positions in the rules\' order, as PNG within 320 px, named by the pattern; the receipt tells names, sizes and checksums', async () => {
    const ftpIntegration = await integration('GENERIC_FTP', {
      Username: FTP_USER,
      Password: FTP_PASSWORD,
      settings: { host: '127.0.0.1', port: ftp.port, path: '/incoming/cars', writeManifest: true },
      outputRules: { ...DEFAULT_OUTPUT_RULES, positions: [3, 1, 2], maxFiles: 2, format: 'png', width: 320, fileNamePattern: '{orderName}_{position}_{angle}' },
    });
    const receipt = await deliverer.deliver(attempt(ftpIntegration.id));

    const safeOrder = 'Volvo XC60 - 2026';
    const expected = [`${safeOrder}_3_${angleName}.png`, `${safeOrder}_1_${angleName}.png`];
    expect(receipt.files.map((f) => f.name)).toEqual(expected);
    expect(receipt.files.map((f) => f.position)).toEqual([3, 1]);
    expect(receipt.destination).toBe(`ftp://127.0.0.1:${ftp.port}/incoming/cars`);
    const onServer = filesIn(join(ftp.root, 'incoming/cars'));
    expect([...onServer.keys()].sort()).toEqual([...expected, `${orderName.replace('/', '-')}.manifest.json`].sort());
    for (const file of receipt.files) {
      const bytes = onServer.get(file.name)!;
      expect(bytes.length).toBe(file.bytes);
      expect(sha256(bytes)).toBe(file.sha256);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 320, height: 240 });
    }
    const manifest = JSON.parse(onServer.get(`${orderName.replace('/', '-')}.manifest.json`)!.toString());
    expect(manifest.files).toEqual(receipt.files.map((f) => ({ name: f.name, bytes: f.bytes, sha256: f.sha256, position: f.position })));
  });

  it('FTP: a delivery cut mid-upload is retryable, and its retry leaves exactly one whole copy of each file', async () => {
    const ftpIntegration = await integration('DEALER_FTP', {
      Username: FTP_USER,
      Password: FTP_PASSWORD,
      settings: { host: '127.0.0.1', port: ftp.port, path: 'retry' },
    });
    const messageId = randomUUID();
    ftp.dropNextUploadAfter(2000);
    const failure = await failureOf(deliverer.deliver(attempt(ftpIntegration.id, messageId, 1)));
    expect(failure.retryable).toBe(true);
    const left = filesIn(join(ftp.root, 'retry'));
    // what the cut left is a hidden temporary file, never a file under its own name
    expect([...left.keys()].every((n) => n.startsWith('.') && n.endsWith('.part'))).toBe(true);

    const receipt = await deliverer.deliver(attempt(ftpIntegration.id, messageId, 2));
    const after = filesIn(join(ftp.root, 'retry'));
    expect([...after.keys()].sort()).toEqual([`${orderName.replace('/', '-')}-1.jpg`, `${orderName.replace('/', '-')}-2.jpg`, `${orderName.replace('/', '-')}-3.jpg`].sort());
    for (const file of receipt.files) expect(sha256(after.get(file.name)!)).toBe(file.sha256);

    // the same message delivered once more (a retry after a lost answer) still leaves one copy each
    await deliverer.deliver(attempt(ftpIntegration.id, messageId, 3));
    expect([...filesIn(join(ftp.root, 'retry')).keys()]).toHaveLength(3);
  });

  it('FTPS: delivers over TLS with a self-signed certificate when told not to verify it; verifying it fails as TLS, not retryable', async () => {
    const trusting = await integration('FTPS', {
      Username: FTP_USER,
      Password: FTP_PASSWORD,
      settings: { host: '127.0.0.1', port: ftps.port, path: 'secure', secure: true, verifyCertificate: false },
    });
    const receipt: DeliveryReceipt = await deliverer.deliver(attempt(trusting.id));
    expect(receipt.destination).toBe(`ftps://127.0.0.1:${ftps.port}/secure`);
    const onServer = filesIn(join(ftps.root, 'secure'));
    expect(onServer.size).toBe(3);
    for (const file of receipt.files) expect(onServer.get(file.name)!.length).toBe(file.bytes);

    const verifying = await integration('PORTAL_FTP', {
      Username: FTP_USER,
      Password: FTP_PASSWORD,
      settings: { host: '127.0.0.1', port: ftps.port, path: 'secure', secure: true },
    });
    const failure = await failureOf(deliverer.deliver(attempt(verifying.id)));
    expect(failure.message).toMatch(/^TLS: /);
    expect(failure.retryable).toBe(false);
  });

  it('test connection: says the login was refused for a wrong password, reached for the right one, and refused for a closed port', async () => {
    const wrong = await integration('GENERIC_FTP', {
      Username: FTP_USER,
      Password: 'not-the-password',
      settings: { host: '127.0.0.1', port: ftp.port, path: '/' },
    });
    const refused = await admin.post(`/api/remote-integration/${wrong.id}/test-connection`).expect(200);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.message).toMatch(/^Login: .*refused the user name or password/);

    await admin.put(`/api/remote-integration/${wrong.id}`).send({ Password: FTP_PASSWORD }).expect(200);
    const reached = await admin.post(`/api/remote-integration/${wrong.id}/test-connection`).expect(200);
    expect(reached.body).toEqual({ ok: true, message: expect.stringMatching(/^Logged in to ftp:\/\/127\.0\.0\.1:\d+\/ and listed the folder/) });

    const closed = await integration('PORTAL_FTP', { settings: { host: '127.0.0.1', port: 9, path: '/' } });
    const nothing = await admin.post(`/api/remote-integration/${closed.id}/test-connection`).expect(200);
    expect(nothing.body).toEqual({ ok: false, message: expect.stringMatching(/^Refused: /) });

    const unset = await integration('WEBHOOK_API', {});
    expect((await admin.post(`/api/remote-integration/${unset.id}/test-connection`).expect(200)).body).toEqual({
      ok: false,
      message: 'The endpoint URL and signing secret are not set in the integration',
    });
  });

  describe('blob storage', () => {
    let azurite: TestAzurite;
    let s3: TestS3;
    beforeAll(async () => {
      [azurite, s3] = await Promise.all([startAzurite(), startTestS3()]);
    });
    afterAll(async () => {
      await Promise.all([azurite?.close(), s3?.close()]);
    });

    it('Azure: block blobs under the prefix with their Content-MD5, written over on a second delivery', async () => {
      const blob = await integration('AZURE_BLOB', {
        settings: { connectionString: azurite.connectionString, container: 'dealer-photos', pathPrefix: 'orders/2026' },
        outputRules: { ...DEFAULT_OUTPUT_RULES, format: 'webp', quality: 70, fileNamePattern: '{index}-{angle}' },
      });
      const test = await admin.post(`/api/remote-integration/${blob.id}/test-connection`).expect(200);
      expect(test.body).toEqual({ ok: true, message: expect.stringMatching(/container .*dealer-photos/) });

      const receipt = await deliverer.deliver(attempt(blob.id));
      await deliverer.deliver(attempt(blob.id));
      const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient('dealer-photos');
      const blobs = [];
      for await (const item of container.listBlobsFlat()) blobs.push(item);
      expect(blobs.map((b) => b.name).sort()).toEqual([`orders/2026/1-${angleName}.webp`, `orders/2026/2-${angleName}.webp`, `orders/2026/3-${angleName}.webp`]);
      for (const file of receipt.files) {
        const item = blobs.find((b) => b.name === `orders/2026/${file.name}`)!;
        expect(item.properties.contentLength).toBe(file.bytes);
        expect(item.properties.contentType).toBe('image/webp');
        const bytes = await container.getBlockBlobClient(item.name).downloadToBuffer();
        expect(sha256(bytes)).toBe(file.sha256);
        expect(Buffer.from(item.properties.contentMD5!).toString('hex')).toBe(createHash('md5').update(bytes).digest('hex'));
      }
    });

    it('S3: objects under the prefix in the bucket, with the access key as user name; a wrong secret is a login failure', async () => {
      const bucket = await integration('S3_BUCKET', {
        Username: s3.accessKey,
        Password: s3.secretKey,
        settings: { endpoint: s3.endpoint, bucket: s3.bucket, prefix: 'deliveries/' },
        outputRules: { ...DEFAULT_OUTPUT_RULES, positions: [2], height: 100 },
      });
      const receipt = await deliverer.deliver(attempt(bucket.id));
      const client = new S3Client({ endPoint: new URL(s3.endpoint).hostname, port: Number(new URL(s3.endpoint).port), useSSL: false, accessKey: s3.accessKey, secretKey: s3.secretKey, pathStyle: true });
      const object = await client.getObject(s3.bucket, `deliveries/${orderName.replace('/', '-')}-2.jpg`);
      const chunks: Buffer[] = [];
      for await (const c of object) chunks.push(c as Buffer);
      const bytes = Buffer.concat(chunks);
      expect(receipt.files).toEqual([expect.objectContaining({ position: 2, bytes: bytes.length, sha256: sha256(bytes) })]);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', height: 100 });

      await admin.put(`/api/remote-integration/${bucket.id}`).send({ Password: 'wrong-secret-key' }).expect(200);
      const failure = await failureOf(deliverer.deliver(attempt(bucket.id)));
      expect(failure).toMatchObject({ retryable: false, message: expect.stringMatching(/^Login: /) });
    });
  });

  describe('API', () => {
    const SECRET = 'whsec-test-2026';
    let receiver: TestReceiver;
    beforeAll(async () => {
      receiver = await startReceiver(SECRET);
    });
    afterAll(async () => {
      await receiver?.close();
    });

    it('posts the signed payload with an idempotency key; 500 is retryable, then 200 delivers; the links give the files', async () => {
      const api = await integration('DMS_REST_API', {
        settings: { endpointUrl: receiver.url, signingSecret: SECRET },
        outputRules: { ...DEFAULT_OUTPUT_RULES, positions: [1, 3], editedLabel: true },
      });
      const messageId = randomUUID();
      receiver.answerWith(500);
      const failure = await failureOf(deliverer.deliver(attempt(api.id, messageId, 1)));
      expect(failure.retryable).toBe(true);
      expect(failure.message).toContain('500');

      const receipt = await deliverer.deliver(attempt(api.id, messageId, 2));
      expect(receiver.received).toHaveLength(2);
      const last = receiver.received[1];
      expect(last.signatureValid).toBe(true);
      expect(last.headers['idempotency-key']).toBe(messageId);
      expect(Number(last.headers['x-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
      const payload = JSON.parse(last.body);
      expect(payload).toMatchObject({ event: 'order.delivery', messageId, attempt: 2, order: { id: orderId, name: orderName, accountId: dealerId } });
      expect(payload.files.map((f: { name: string }) => f.name)).toEqual([`${orderName.replace('/', '-')}-1.jpg`, `${orderName.replace('/', '-')}-3.jpg`]);
      for (const file of payload.files) {
        const bytes = Buffer.from(await (await fetch(file.url)).arrayBuffer());
        expect({ bytes: bytes.length, sha256: sha256(bytes) }).toEqual({ bytes: file.bytes, sha256: file.sha256 });
      }
      expect(receipt.answer).toMatch(/^200 /);
      expect(receipt.files.map((f) => f.sha256)).toEqual(payload.files.map((f: { sha256: string }) => f.sha256));

      // the labelled files were kept for their links: still there now, removed once the links have expired
      const sweeper = stack.services.delivery!.get(DeliveryLinksSweeper);
      expect(await sweeper.sweep()).toBe(0);
      expect((await fetch(payload.files[0].url)).status).toBe(200);
      expect(await sweeper.sweep(Date.now() + 26 * 3600_000)).toBe(2);
      expect((await fetch(payload.files[0].url)).status).toBe(404);
    });

    it('a 400 is final (not retryable), and the test connection sends a signed ping', async () => {
      const api = await integration('AD_PORTAL_NORDIC', { settings: { endpointUrl: receiver.url, signingSecret: SECRET } });
      receiver.answerWith(400);
      const failure = await failureOf(deliverer.deliver(attempt(api.id)));
      expect(failure).toMatchObject({ retryable: false, message: expect.stringContaining('(400)') });

      const before = receiver.received.length;
      const ping = await admin.post(`/api/remote-integration/${api.id}/test-connection`).expect(200);
      expect(ping.body).toEqual({ ok: true, message: `${receiver.url} answered the signed ping with 200` });
      expect(JSON.parse(receiver.received[before].body)).toMatchObject({ event: 'ping' });
      expect(receiver.received[before].signatureValid).toBe(true);
    });

    it('a receiver refusing the signature (another secret) is a permission failure, not retryable', async () => {
      const api = await integration('AD_PORTAL_EU', { settings: { endpointUrl: receiver.url, signingSecret: 'another-secret' } });
      const failure = await failureOf(deliverer.deliver(attempt(api.id)));
      expect(failure).toMatchObject({ retryable: false, message: expect.stringMatching(/^Permission: .*\(401\)/) });
    });
  });

  describe('settings through the API', () => {
    it('refuses settings outside the provider\'s list with a 400 naming each problem', async () => {
      const res = await admin
        .post('/api/remote-integration')
        .send({ provider: 'GENERIC_FTP', isActive: true, userId: (await createAccount(stack, { role: 'Dealership' })).id, settings: { port: 70000, path: '../etc', bucket: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('bucket is not a setting of GENERIC_FTP; host is required for GENERIC_FTP; port must be a whole number from 1 to 65535; path must be a path without .. or backslashes');
      const rules = await admin
        .post('/api/remote-integration')
        .send({ provider: 'GENERIC_FTP', isActive: true, userId: dealerId, outputRules: { ...DEFAULT_OUTPUT_RULES, fileNamePattern: '{orderName}' } });
      expect(rules.status).toBe(400);
      expect(rules.body.message).toContain('fileNamePattern must contain {position} or {index}');
    });

    it('lets a dealership with UPDATE_USER_INTEGRATIONS change its output rules, but where the files go only with the credentials permission', async () => {
      const own = await createAccount(stack, { role: 'Dealership', permissions: ['READ_USER_INTEGRATIONS', 'UPDATE_USER_INTEGRATIONS'] });
      const asOwn = await signIn(stack, own.email);
      const created = await admin
        .post('/api/remote-integration')
        .send({ provider: 'GENERIC_FTP', isActive: true, userId: own.id, settings: { host: 'ftp.own.test', port: 21 } })
        .expect(201);
      const id = created.body.id as string;
      const rules = { ...DEFAULT_OUTPUT_RULES, maxFiles: 5 };
      // the form sends the settings back as they were, with new rules: allowed
      const saved = await asOwn.put(`/api/remote-integration/${id}`).send({ settings: created.body.settings, outputRules: rules }).expect(200);
      expect(saved.body.outputRules).toEqual(rules);
      const moved = await asOwn.put(`/api/remote-integration/${id}`).send({ settings: { ...created.body.settings, host: '10.0.0.1' } });
      expect(moved.status).toBe(403);
      expect(moved.body.message).toBe('You may not change integration credentials');
      expect((await asOwn.get(`/api/remote-integration/user/${own.id}`).expect(200)).body[0].settings.host).toBe('ftp.own.test');
    });

    it('does not deliver to a switched-off integration, and says so (not retryable)', async () => {
      const off = await integration('MARKETPLACE_FEED', { settings: { endpointUrl: 'https://feed.example.test/in', signingSecret: 'x' } });
      await admin.put(`/api/remote-integration/${off.id}`).send({ isActive: false }).expect(200);
      const failure = await failureOf(deliverer.deliver(attempt(off.id)));
      expect(failure).toMatchObject({ retryable: false, message: 'The integration is switched off' });
    });

    it('never answers a password or secret setting, and keeps a stored secret when an edit leaves it empty', async () => {
      const secret = `very-secret-${randomUUID()}`;
      const api = await integration('INVENTORY_SYNC_API', { Username: 'sync', Password: 'Pw-that-stays-inside', settings: { endpointUrl: 'https://example.test/hook', signingSecret: secret } });
      expect(api).toMatchObject({ settings: { endpointUrl: 'https://example.test/hook' }, storedSecrets: ['signingSecret'], hasPassword: true });
      const edited = await admin.put(`/api/remote-integration/${api.id}`).send({ settings: { endpointUrl: 'https://example.test/other', signingSecret: '' } }).expect(200);
      expect(edited.body.storedSecrets).toEqual(['signingSecret']);
      const list = await admin.get(`/api/remote-integration/user/${api.userId}`).expect(200);
      for (const body of [JSON.stringify(api), JSON.stringify(edited.body), JSON.stringify(list.body)]) {
        expect(body).not.toContain(secret);
        expect(body).not.toContain('Pw-that-stays-inside');
      }
      // only the system actor reads it in clear (the delivery service), never an admin
      await expect(rpc.send(IntegrationsRpc.forDelivery, { id: api.id }, actorFor('Admin'))).rejects.toMatchObject({ status: 403 });
      const inClear = await rpc.send(IntegrationsRpc.forDelivery, { id: api.id }, actorFor('System'));
      expect(inClear).toMatchObject({ password: 'Pw-that-stays-inside', settings: { endpointUrl: 'https://example.test/other', signingSecret: secret } });
    });
  });
});
