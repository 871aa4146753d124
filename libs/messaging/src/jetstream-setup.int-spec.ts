import { createTestNamespace, testInfra } from '@app/testing';
import type { NatsConnection } from 'nats';
import { connectNats } from './nats-connection';
import { ensureStreams, StreamReplicasError } from './jetstream-setup';

/** The replicas rule against the test machine's NATS: one server, outside any cluster. */
describe('ensureStreams against a single NATS server', () => {
  const tns = createTestNamespace('replicas');
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connectNats(testInfra.natsUrl, 'replicas-int-spec');
  });
  afterAll(async () => {
    await tns.cleanup();
    await nc.close();
  });

  it('refuses NATS_STREAM_REPLICAS=3 with a message naming the variable, and creates no stream', async () => {
    const refusal = ensureStreams(nc, tns.namespace, { replicas: 3 });
    await expect(refusal).rejects.toBeInstanceOf(StreamReplicasError);
    await expect(refusal).rejects.toThrow('NATS_STREAM_REPLICAS is 3 but the NATS server is not part of a cluster');
    const jsm = await nc.jetstreamManager();
    await expect(jsm.streams.info(tns.namespace.stream('EVENTS'))).rejects.toThrow(/not found/i);
  });

  it('creates the streams with one replica when NATS_STREAM_REPLICAS=1', async () => {
    await ensureStreams(nc, tns.namespace, { replicas: 1 });
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(tns.namespace.stream('PIPELINE'));
    expect(info.config.num_replicas).toBe(1);
  });
});
