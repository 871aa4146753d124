import { Namespace } from '@app/contracts';
import type { NatsConnection, StreamConfig } from 'nats';
import type { Logger } from 'pino';
import { deleteStreams, ensureStreams, isJetStreamNotAnswering, streamConfig, whileJetStreamAnswers } from './jetstream-setup';

const ns = new Namespace('run5');

/** a JetStream server holding `existing` streams; it records what it is asked to change */
function server(
  existing: Record<string, Partial<StreamConfig>> = {},
  opts: { addFails?: Error; infoFails?: Error; updateFails?: Error; cluster?: { name: string; urls?: string[] } } = {},
) {
  const calls: Array<{ call: string; name: string; config?: Partial<StreamConfig> }> = [];
  const notFound = () => Object.assign(new Error('stream not found'), { api_error: { err_code: 10059 } });
  const nc = {
    info: opts.cluster ? { cluster: opts.cluster.name, connect_urls: opts.cluster.urls } : {},
    jetstreamManager: async () => ({
      streams: {
        info: async (name: string) => {
          if (opts.infoFails) throw opts.infoFails;
          if (!existing[name]) throw notFound();
          return { config: existing[name] };
        },
        update: async (name: string, config: Partial<StreamConfig>) => {
          if (opts.updateFails) throw opts.updateFails;
          calls.push({ call: 'update', name, config });
        },
        add: async (config: Partial<StreamConfig> & { name: string }) => {
          if (opts.addFails) throw opts.addFails;
          calls.push({ call: 'add', name: config.name, config });
        },
        delete: async (name: string) => {
          if (!existing[name]) throw notFound();
          calls.push({ call: 'delete', name });
        },
      },
    }),
  } as unknown as NatsConnection;
  return { nc, calls };
}

const allAsConfigured = () => Object.fromEntries((['EVENTS', 'PIPELINE', 'DEADLETTER'] as const).map((k) => [ns.stream(k), streamConfig(k, ns)]));

describe('streamConfig: a stream of the namespace', () => {
  it('takes the namespace in its name and in every subject', () => {
    expect(streamConfig('EVENTS', ns)).toMatchObject({ name: 'run5_EVENTS', subjects: ['run5.evt.>'] });
    expect(streamConfig('DEADLETTER', new Namespace(''))).toMatchObject({ name: 'DEADLETTER', subjects: ['dlq.>'] });
  });
});

describe('ensureStreams: run by every replica at every boot', () => {
  it('creates the three streams of the namespace when none exists', async () => {
    const { nc, calls } = server();
    await ensureStreams(nc, ns);
    expect(calls.map((c) => `${c.call} ${c.name}`)).toEqual(['add run5_EVENTS', 'add run5_PIPELINE', 'add run5_DEADLETTER']);
  });

  it('changes nothing when the streams are as configured', async () => {
    const { nc, calls } = server(allAsConfigured());
    await ensureStreams(nc, ns);
    expect(calls).toEqual([]);
  });

  it('brings a stream with other subjects or another age limit up to date, keeping the rest of its settings', async () => {
    const existing = allAsConfigured();
    existing.run5_EVENTS = { ...existing.run5_EVENTS, subjects: ['run5.evt.orders.>'], num_replicas: 3 };
    existing.run5_DEADLETTER = { ...existing.run5_DEADLETTER, max_age: 1 };
    const { nc, calls } = server(existing);
    await ensureStreams(nc, ns);
    expect(calls).toEqual([
      { call: 'update', name: 'run5_EVENTS', config: expect.objectContaining({ subjects: ['run5.evt.>'], num_replicas: 3 }) },
      { call: 'update', name: 'run5_DEADLETTER', config: expect.objectContaining({ max_age: streamConfig('DEADLETTER', ns).max_age }) },
    ]);
  });

  it('takes a stream another replica created a moment before as created', async () => {
    const { nc } = server({}, { addFails: new Error('stream name already in use with a different configuration') });
    await expect(ensureStreams(nc, ns)).resolves.toBeUndefined();
  });

  it('lets any other failure of the server through', async () => {
    await expect(ensureStreams(server({}, { addFails: new Error('insufficient resources') }).nc, ns)).rejects.toThrow('insufficient resources');
    await expect(ensureStreams(server({}, { infoFails: new Error('JetStream not enabled') }).nc, ns)).rejects.toThrow('JetStream not enabled');
  });
});

describe('deleteStreams: a test cleaning up after itself', () => {
  it('removes the streams of its namespace, and takes one already gone as removed', async () => {
    const { nc, calls } = server({ run5_EVENTS: {} });
    await deleteStreams(nc, ns);
    expect(calls).toEqual([{ call: 'delete', name: 'run5_EVENTS' }]);
  });
});

describe('ensureStreams with NATS_STREAM_REPLICAS: the copies each stream keeps', () => {
  const threeNodes = { name: 'dealer-photo', urls: ['10.0.0.1:4222', '10.0.0.2:4222', '10.0.0.3:4222'] };
  const logger = () => {
    const lines: string[] = [];
    return { lines, log: { info: (_: object, msg: string) => lines.push(msg) } as unknown as Logger };
  };

  it('creates the streams with the replicas asked on a cluster big enough', async () => {
    const { nc, calls } = server({}, { cluster: threeNodes });
    await ensureStreams(nc, ns, { replicas: 3 });
    expect(calls.map((c) => [c.name, c.config?.num_replicas])).toEqual([
      ['run5_EVENTS', 3],
      ['run5_PIPELINE', 3],
      ['run5_DEADLETTER', 3],
    ]);
  });

  it('refuses to start on a single server asked for 3 replicas, naming the variable, and touches no stream', async () => {
    const { nc, calls } = server();
    await expect(ensureStreams(nc, ns, { replicas: 3 })).rejects.toThrow(
      'NATS_STREAM_REPLICAS is 3 but the NATS server is not part of a cluster: set NATS_STREAM_REPLICAS to at most the number of JetStream servers',
    );
    expect(calls).toEqual([]);
  });

  it('refuses, naming the variable and with the server\'s reason, when the cluster cannot place the copies', async () => {
    const noPeers = Object.assign(new Error('insufficient resources'), { api_error: { err_code: 10023 } });
    const { nc } = server({}, { cluster: { name: 'small', urls: ['10.0.0.1:4222', '10.0.0.2:4222'] }, addFails: noPeers });
    await expect(ensureStreams(nc, ns, { replicas: 3 })).rejects.toThrow(
      'NATS_STREAM_REPLICAS is 3 but the NATS cluster cannot place that many copies (insufficient resources): set NATS_STREAM_REPLICAS',
    );
    const growing = server(allAsConfigured(), { cluster: threeNodes, updateFails: noPeers });
    await expect(ensureStreams(growing.nc, ns, { replicas: 3 })).rejects.toThrow('NATS_STREAM_REPLICAS is 3 but the NATS cluster cannot place');
  });

  it('starts while one server of the cluster restarts, the streams being as asked already', async () => {
    const existing = allAsConfigured();
    for (const k of Object.keys(existing)) existing[k] = { ...existing[k], num_replicas: 3 };
    const { nc, calls } = server(existing, { cluster: { name: 'dealer-photo', urls: ['10.0.0.1:4222', '10.0.0.2:4222'] } });
    await expect(ensureStreams(nc, ns, { replicas: 3 })).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('lets a cluster failure that is not about placement through as it is', async () => {
    const { nc } = server({}, { cluster: threeNodes, addFails: new Error('JetStream system temporarily unavailable') });
    await expect(ensureStreams(nc, ns, { replicas: 3 })).rejects.toThrow('JetStream system temporarily unavailable');
  });

  it('changes an existing stream with other replicas to the count asked, keeping its settings, and logs it', async () => {
    const existing = allAsConfigured();
    existing.run5_PIPELINE = { ...existing.run5_PIPELINE, num_replicas: 1, max_msgs: 123 };
    const { nc, calls } = server(existing, { cluster: threeNodes });
    const { lines, log } = logger();
    await ensureStreams(nc, ns, { replicas: 1, logger: log });
    expect(calls).toEqual([]);
    await ensureStreams(nc, ns, { replicas: 3, logger: log });
    expect(calls.map((c) => [c.name, c.config?.num_replicas, c.config?.max_msgs])).toEqual([
      ['run5_EVENTS', 3, undefined],
      ['run5_PIPELINE', 3, 123],
      ['run5_DEADLETTER', 3, undefined],
    ]);
    expect(lines).toContain('stream run5_PIPELINE changed from 1 to 3 replicas (NATS_STREAM_REPLICAS)');
  });

  it('leaves the replicas of an existing stream alone when no count is given (a one-off command)', async () => {
    const existing = allAsConfigured();
    for (const k of Object.keys(existing)) existing[k] = { ...existing[k], num_replicas: 3 };
    const { nc, calls } = server(existing, { cluster: threeNodes });
    await ensureStreams(nc, ns);
    expect(calls).toEqual([]);
  });
});

describe('whileJetStreamAnswers', () => {
  const timeout = () => Object.assign(new Error('TIMEOUT'), { code: 'TIMEOUT' });

  it('asks again while JetStream does not answer in time, then gives its answer', async () => {
    let calls = 0;
    const answer = await whileJetStreamAnswers('the streams', async () => {
      calls++;
      if (calls < 3) throw timeout();
      return 'made';
    });
    expect([answer, calls]).toEqual(['made', 3]);
  });

  it('throws any other refusal at once, and a timeout once the wait is over', async () => {
    let calls = 0;
    const refused = Object.assign(new Error('insufficient resources'), { code: '500' });
    await expect(
      whileJetStreamAnswers('the streams', async () => {
        calls++;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);
    await expect(whileJetStreamAnswers('the streams', async () => Promise.reject(timeout()), { waitMs: 0 })).rejects.toThrow('TIMEOUT');
  });

  it('knows a JetStream that does not answer from one that refuses', () => {
    expect(isJetStreamNotAnswering(timeout())).toBe(true);
    expect(isJetStreamNotAnswering(Object.assign(new Error('503'), { code: '503' }))).toBe(true);
    expect(isJetStreamNotAnswering(new Error('stream not found'))).toBe(false);
    expect(isJetStreamNotAnswering(undefined)).toBe(false);
  });
});
