import { Namespace } from '@app/contracts';
import { NamespacedNatsServer } from './namespaced-nats.server';

/** the subscriptions a service makes for its handlers, each with its subject and queue group */
function subscriptionsOf(namespace: string, handlers: Array<{ subject: string; queue?: string }>) {
  const server = new NamespacedNatsServer({ servers: 'nats://127.0.0.1:4222', queue: 'orders' }, new Namespace(namespace));
  for (const h of handlers) server.addHandler(h.subject, async () => 'ok', false, h.queue ? { queue: h.queue } : {});
  const made: Array<{ subject: string; queue: string | undefined }> = [];
  server.bindEvents({ subscribe: (subject, opts) => made.push({ subject, queue: opts.queue }) });
  return made;
}

describe('NamespacedNatsServer: a service answers on the subjects of its namespace only', () => {
  it('subscribes each handler under its subject with the namespace in front, in the service\'s queue group', () => {
    expect(subscriptionsOf('run42', [{ subject: 'orders.get' }, { subject: 'orders.list' }])).toEqual([
      { subject: 'run42.orders.get', queue: 'orders' },
      { subject: 'run42.orders.list', queue: 'orders' },
    ]);
  });

  it('subscribes under the plain subject when there is no namespace', () => {
    expect(subscriptionsOf('', [{ subject: 'orders.get' }])).toEqual([{ subject: 'orders.get', queue: 'orders' }]);
  });

  it('lets a handler name a queue group of its own', () => {
    expect(subscriptionsOf('run42', [{ subject: 'health.orders', queue: 'orders-health' }])).toEqual([{ subject: 'run42.health.orders', queue: 'orders-health' }]);
  });
});

describe('NamespacedNatsServer: the handler of a message', () => {
  const server = new NamespacedNatsServer({ servers: 'nats://127.0.0.1:4222', queue: 'orders' }, new Namespace('run42'));
  const get = async () => 'the order';
  server.addHandler('orders.get', get, false);
  server.addHandler({ cmd: 'legacy' } as unknown as string, async () => 'legacy', false);

  it('finds a plain subject\'s handler without parsing it as JSON, and a JSON pattern\'s as Nest does', () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      expect(server.getHandlerByPattern('orders.get')).toBe(get);
      expect(parse).not.toHaveBeenCalled();
      expect(server.getHandlerByPattern('{"cmd":"legacy"}')).not.toBeNull();
      expect(server.getHandlerByPattern('orders.nothing')).toBeNull();
    } finally {
      parse.mockRestore();
    }
  });
});
