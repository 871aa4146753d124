import type { IntegrationForDelivery } from '@app/contracts';
import { DEFAULT_OUTPUT_RULES } from '@app/contracts';
import { OUTBOUND_REFUSED_MESSAGE, OutboundHttp, OutboundPolicy, parseAllowance } from '@app/outbound';
import { FAKE_GRAPH, startFakeGraph, type FakeGraph } from '@app/testing';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DeliveryJob, PreparedFile } from './delivery-job';
import { DeliveryFailure } from './order-deliverer';
import { GRAPH_RANGE_UNIT, SharepointDeliverer } from './sharepoint.deliverer';

const { tenant: TENANT, drive: DRIVE, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } = FAKE_GRAPH;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function file(name: string, bytes: Buffer, position: number): PreparedFile {
  return { name, bytes, sha256: sha256(bytes), contentType: 'image/jpeg', imageId: randomUUID(), position, angleName: null, url: null };
}

describe('SharepointDeliverer against a stand-in for Microsoft Graph', () => {
  let graph: FakeGraph;
  const allowed = () => new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('127.0.0.1') }));
  const deliverer = (outbound = allowed(), chunkBytes = GRAPH_RANGE_UNIT) =>
    new SharepointDeliverer(outbound, {
      graphUrl: `${graph.url}/graph`,
      tokenUrl: `${graph.url}/login/{tenantId}/oauth2/v2.0/token`,
      chunkBytes,
      timeoutMs: 3000,
      rangeRetryDelayMs: 10,
    });
  const integration = (over: Partial<IntegrationForDelivery> = {}, settings: Record<string, string> = {}): IntegrationForDelivery => ({
    id: randomUUID(),
    userId: randomUUID(),
    provider: 'SHAREPOINT',
    integrationType: 'BLOB',
    isActive: true,
    username: CLIENT_ID,
    password: CLIENT_SECRET,
    settings: { tenantId: TENANT, driveId: DRIVE, path: '/Cars/Delivered', ...settings },
    outputRules: DEFAULT_OUTPUT_RULES,
    ...over,
  });
  const job = (files: PreparedFile[], target = integration()): DeliveryJob => ({
    attempt: { messageId: randomUUID(), orderId: randomUUID(), integrationId: target.id, attempt: 1 },
    integration: target,
    order: { id: randomUUID(), orderName: 'Volvo XC60', accountId: target.userId },
    files,
  });
  const failureOf = async (run: Promise<unknown>): Promise<DeliveryFailure> => {
    const err = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DeliveryFailure);
    return err as DeliveryFailure;
  };

  beforeEach(async () => {
    graph = await startFakeGraph();
  });

  afterEach(async () => {
    await graph.close();
  });

  it('uploads each file through an upload session in ranges of 320 KiB multiples, on one token, and answers where they are', async () => {
    const big = randomBytes(GRAPH_RANGE_UNIT * 3 + 12_345);
    const small = randomBytes(9_000);
    const receipt = await deliverer().deliver(job([file('Volvo XC60-1.jpg', big, 1), file('Volvo XC60-2.jpg', small, 2)]));

    expect(graph.files.get('Cars/Delivered/Volvo XC60-1.jpg')?.equals(big)).toBe(true);
    expect(graph.files.get('Cars/Delivered/Volvo XC60-2.jpg')?.equals(small)).toBe(true);
    // four ranges for the big file (three whole units and the rest), one for the small one
    expect(graph.ranges.map((r) => [r.start, r.end])).toEqual([
      [0, GRAPH_RANGE_UNIT - 1],
      [GRAPH_RANGE_UNIT, 2 * GRAPH_RANGE_UNIT - 1],
      [2 * GRAPH_RANGE_UNIT, 3 * GRAPH_RANGE_UNIT - 1],
      [3 * GRAPH_RANGE_UNIT, big.length - 1],
      [0, small.length - 1],
    ]);
    expect(graph.ranges.every((r) => r.authorization === undefined)).toBe(true);
    expect(graph.tokens).toHaveLength(1);
    expect(receipt.destination).toBe(`${graph.url}/graph/drives/${DRIVE}/root:/Cars/Delivered`);
    expect(receipt.files).toEqual([
      expect.objectContaining({ name: 'Volvo XC60-1.jpg', bytes: big.length, sha256: sha256(big), position: 1, location: 'https://contoso.sharepoint.com/sites/cars/Shared%20Documents/Cars/Delivered/Volvo XC60-1.jpg' }),
      expect.objectContaining({ name: 'Volvo XC60-2.jpg', bytes: small.length, sha256: sha256(small), position: 2 }),
    ]);
  });

  it('takes larger ranges when told, still multiples of 320 KiB', async () => {
    const big = randomBytes(GRAPH_RANGE_UNIT * 5);
    await deliverer(allowed(), GRAPH_RANGE_UNIT * 2).deliver(job([file('a.jpg', big, 1)]));
    expect(graph.ranges.map((r) => r.end - r.start + 1)).toEqual([2 * GRAPH_RANGE_UNIT, 2 * GRAPH_RANGE_UNIT, GRAPH_RANGE_UNIT]);
    expect(graph.files.get('Cars/Delivered/a.jpg')?.equals(big)).toBe(true);
    expect(() => deliverer(allowed(), GRAPH_RANGE_UNIT + 1)).toThrow('multiple of 327680');
  });

  it('tries a range again after a cut connection and after a 503, from what the session expects, and the file arrives whole', async () => {
    const big = randomBytes(GRAPH_RANGE_UNIT * 2 + 500);
    graph.faults = new Map<number, 'cut' | number>([
      [2, 'cut'],
      [3, 503],
    ]);
    await deliverer().deliver(job([file('cut.jpg', big, 1)]));
    expect(graph.files.get('Cars/Delivered/cut.jpg')?.equals(big)).toBe(true);
    // range 2 sent three times (cut, 503, accepted); the session was asked where to go on
    expect(graph.ranges.map((r) => r.start)).toEqual([0, GRAPH_RANGE_UNIT, GRAPH_RANGE_UNIT, GRAPH_RANGE_UNIT, 2 * GRAPH_RANGE_UNIT]);
    expect(graph.statusAsks.length).toBeGreaterThanOrEqual(2);
  });

  it('fails retryable when a range keeps failing, so the queue tries the message later', async () => {
    graph.faults = new Map([1, 2, 3, 4].map((n) => [n, 503] as [number, number]));
    const failure = await failureOf(deliverer().deliver(job([file('down.jpg', randomBytes(1000), 1)])));
    expect(failure.retryable).toBe(true);
    expect(failure.message).toContain('503');
    expect(graph.files.size).toBe(0);
  });

  it('delivered again, replaces the files: one copy each', async () => {
    const first = randomBytes(5000);
    const again = randomBytes(7000);
    const target = integration();
    await deliverer().deliver(job([file('same.jpg', first, 1)], target));
    await deliverer().deliver(job([file('same.jpg', again, 1)], target));
    expect([...graph.files.keys()]).toEqual(['Cars/Delivered/same.jpg']);
    expect(graph.files.get('Cars/Delivered/same.jpg')?.equals(again)).toBe(true);
  });

  it('a refused client secret is a login failure that trying again cannot fix', async () => {
    const failure = await failureOf(deliverer().deliver(job([file('x.jpg', randomBytes(10), 1)], integration({ password: 'wrong' }))));
    expect(failure).toMatchObject({ retryable: false });
    expect(failure.message).toBe(`Login: ${graph.url}/login/${TENANT}/oauth2/v2.0/token refused the client ID or secret (invalid_client)`);
    expect(graph.ranges).toHaveLength(0);
  });

  it('an unknown drive is "Not found", final', async () => {
    const failure = await failureOf(deliverer().test(integration({}, { driveId: 'b!other' })));
    expect(failure.retryable).toBe(false);
    expect(failure.message).toMatch(/^Not found: .*\/graph\/drives\/b!other does not exist \(itemNotFound\)$/);
  });

  it('the test connection reaches the library without writing anything', async () => {
    expect(await deliverer().test(integration())).toBe('Reached the library Documents (https://contoso.sharepoint.com/sites/cars/Shared%20Documents)');
    expect(graph.files.size).toBe(0);
  });

  it('without the tenant, drive or credentials, says what is missing, final', async () => {
    const noDrive = await failureOf(deliverer().deliver(job([file('x.jpg', randomBytes(10), 1)], integration({}, { driveId: '' }))));
    expect(noDrive).toMatchObject({ retryable: false, message: 'The SharePoint tenant and drive (library) are not set in the integration' });
    const noSecret = await failureOf(deliverer().deliver(job([file('x.jpg', randomBytes(10), 1)], integration({ password: null }))));
    expect(noSecret.retryable).toBe(false);
    expect(graph.requests).toHaveLength(0);
  });

  it('goes through the outbound guard: the loopback, not allowed, is refused before any connection', async () => {
    const guarded = new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance('') }));
    const failure = await failureOf(deliverer(guarded).deliver(job([file('x.jpg', randomBytes(10), 1)])));
    expect(failure).toMatchObject({ retryable: false, message: OUTBOUND_REFUSED_MESSAGE });
    expect(graph.requests).toHaveLength(0);
  });
});
