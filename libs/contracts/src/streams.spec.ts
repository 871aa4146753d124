import { Namespace } from './streams';
import { defineRpc } from './rpc';
import { healthPing } from './system/health.contract';

describe('Namespace', () => {
  it('leaves names alone without a prefix', () => {
    const ns = new Namespace('');
    expect(ns.subject('users.get')).toBe('users.get');
    expect(ns.stream('EVENTS')).toBe('EVENTS');
  });

  it('prefixes subjects, streams and durables, and strips the prefix back', () => {
    const ns = new Namespace('t1');
    expect(ns.subject('evt.orders.created')).toBe('t1.evt.orders.created');
    expect(ns.stream('EVENTS')).toBe('t1_EVENTS');
    expect(ns.durable('stats')).toBe('t1_stats');
    expect(ns.strip('t1.evt.orders.created')).toBe('evt.orders.created');
  });

  it('refuses a prefix that would break subjects', () => {
    expect(() => new Namespace('a.b')).toThrow('may hold only');
  });
});

describe('subjects', () => {
  it('keeps request-reply subjects out of the PIPELINE stream subject space', () => {
    expect(healthPing('pipeline').subject).toBe('health.pipeline');
    expect(() => defineRpc('pipeline', 'jobs.list', null)).toThrow('PIPELINE stream');
    expect(defineRpc('orders', 'orders.get', null).subject).toBe('orders.orders.get');
  });
});
