import { Namespace } from '@app/contracts';
import type { NatsConnection, StreamConfig } from 'nats';
import { deleteStreams, ensureStreams, streamConfig } from './jetstream-setup';

const ns = new Namespace('run5');

/** a JetStream server holding `existing` streams; it records what it is asked to change */
function server(existing: Record<string, Partial<StreamConfig>> = {}, opts: { addFails?: Error; infoFails?: Error } = {}) {
  const calls: Array<{ call: string; name: string; config?: Partial<StreamConfig> }> = [];
  const notFound = () => Object.assign(new Error('stream not found'), { api_error: { err_code: 10059 } });
  const nc = {
    jetstreamManager: async () => ({
      streams: {
        info: async (name: string) => {
          if (opts.infoFails) throw opts.infoFails;
          if (!existing[name]) throw notFound();
          return { config: existing[name] };
        },
        update: async (name: string, config: Partial<StreamConfig>) => calls.push({ call: 'update', name, config }),
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
