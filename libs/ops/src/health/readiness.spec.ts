import { Readiness } from './readiness';

describe('readiness', () => {
  it('is ready when every check answers', async () => {
    const r = new Readiness(200).add('database', () => undefined).add('nats', async () => undefined);
    expect(await r.report()).toEqual({ ready: true, status: 'ready', checks: { database: 'ok', nats: 'ok' }, failing: [] });
  });

  it('names each check that fails or does not answer in time, with the reason', async () => {
    const r = new Readiness(100)
      .add('database', () => new Promise<void>(() => undefined))
      .add('nats', () => {
        throw new Error('NATS is not connected');
      })
      .add('storage', () => undefined);
    expect(await r.report()).toEqual({
      ready: false,
      status: 'not ready',
      failing: ['database', 'nats'],
      checks: { database: 'did not answer within 100 ms', nats: 'NATS is not connected', storage: 'ok' },
    });
  });

  it('says shutting down once a stop began, without asking the checks', async () => {
    const check = jest.fn();
    const r = new Readiness(100).add('database', check);
    r.shuttingDown();
    expect(await r.report()).toMatchObject({ ready: false, status: 'shutting down' });
    expect(check).not.toHaveBeenCalled();
  });

  it('refuses a check added twice', () => {
    const r = new Readiness(100).add('database', () => undefined);
    expect(() => r.add('database', () => undefined)).toThrow('the readiness check database is added twice');
  });
});
