import { DELIVERY_MESSAGES } from '@app/contracts';
import { HttpException, UnauthorizedException, type ExecutionContext, type FactoryProvider } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { EventEmitter } from 'node:events';
import type { GatewayConfig } from '../gateway.config';
import { GATEWAY_CONFIG } from '../messaging/nats.module';
import { RobotKey, RobotKeyGuard, robotKeyThrottleProvider, RobotKeyThrottle } from './robot-key.guard';

class FakeResponse extends EventEmitter {
  statusCode = 200;
  readonly headers: Record<string, string> = {};
  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  /** the answer went out with this status */
  finish(status: number): void {
    this.statusCode = status;
    this.emit('finish');
  }
}

describe('RobotKeyGuard', () => {
  let now: number;
  let throttle: RobotKeyThrottle;
  let guard: RobotKeyGuard;

  const call = (key: unknown, ip = '203.0.113.9') => {
    const req = { headers: key === undefined ? {} : { 'x-robot-key': key }, ip, socket: {} };
    const res = new FakeResponse();
    const context = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as unknown as ExecutionContext;
    return { res, run: () => guard.canActivate(context) };
  };
  /** a request with a key the service then refuses (401) */
  const wrongKey = (ip?: string) => {
    const c = call('id.wrong', ip);
    expect(c.run()).toBe(true);
    c.res.finish(401);
  };
  const refusal = (run: () => unknown): HttpException => {
    try {
      run();
    } catch (err) {
      return err as HttpException;
    }
    throw new Error('not refused');
  };

  beforeEach(() => {
    now = 5_000_000;
    throttle = new RobotKeyThrottle({ max: 3, windowMs: 900_000, lockMs: 60_000, maxLockMs: 900_000, maxKeys: 100 }, () => now);
    guard = new RobotKeyGuard(throttle);
  });

  it('asks for a key: none, an empty one, one longer than 200 characters or not a string is 401', () => {
    for (const key of [undefined, '', 'k'.repeat(201), ['a', 'b']]) {
      const err = refusal(call(key).run);
      expect(err).toBeInstanceOf(UnauthorizedException);
      expect(err.message).toBe('A robot key is required in the X-Robot-Key header');
    }
    expect(call('k'.repeat(200)).run()).toBe(true);
  });

  it('a request without a key does not count towards the limit', () => {
    for (let i = 0; i < 10; i++) refusal(call(undefined).run);
    expect(throttle.size).toBe(0);
  });

  it('after the limit of wrong keys from a client: 429 with Retry-After in seconds, for the right key too', () => {
    for (let i = 0; i < 3; i++) wrongKey();
    const c = call('id.right');
    const err = refusal(c.run);
    expect(err.getStatus()).toBe(429);
    expect(err.message).toBe(DELIVERY_MESSAGES.robotKeyLimit);
    expect(c.res.headers['retry-after']).toBe('60');
    now += 59_001;
    const later = call('id.right');
    refusal(later.run);
    expect(later.res.headers['retry-after']).toBe('1');
    // another client is not affected
    expect(call('id.right', '198.51.100.1').run()).toBe(true);
  });

  it('a request whose key was right (any answer but 401) is taken back', () => {
    for (let i = 0; i < 10; i++) {
      const c = call('id.right');
      expect(c.run()).toBe(true);
      c.res.finish(i % 2 ? 200 : 404);
    }
    wrongKey();
    wrongKey();
    expect(call('id.right').run()).toBe(true);
  });

  it('a request still running counts: requests at once cannot pass the limit', () => {
    for (let i = 0; i < 3; i++) expect(call('id.any').run()).toBe(true);
    expect(refusal(call('id.any').run).getStatus()).toBe(429);
  });

  it('the route reads the key the guard let through; none reads as empty', () => {
    class Probe {
      route(@RobotKey() _key: string): void {}
    }
    const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, Probe, 'route') as Record<string, { factory: (data: unknown, ctx: ExecutionContext) => string }>;
    const { factory } = Object.values(args)[0];
    const ctxOf = (headers: object) => ({ switchToHttp: () => ({ getRequest: () => ({ headers }) }) }) as unknown as ExecutionContext;
    expect(factory(undefined, ctxOf({ 'x-robot-key': 'id.secret' }))).toBe('id.secret');
    expect(factory(undefined, ctxOf({}))).toBe('');
  });
});

describe('the robot key throttle of the gateway', () => {
  it('is made with the limits of the configuration, from the configuration', () => {
    const provider = robotKeyThrottleProvider as FactoryProvider<RobotKeyThrottle>;
    expect(provider.provide).toBe(RobotKeyThrottle);
    expect(provider.inject).toEqual([GATEWAY_CONFIG]);
    const throttle = provider.useFactory({ ROBOT_KEY_MAX_FAILURES: 2, ROBOT_KEY_LOCKOUT_MS: 5000 } as GatewayConfig) as RobotKeyThrottle;
    expect(throttle).toBeInstanceOf(RobotKeyThrottle);
    expect([throttle.admit('a'), throttle.admit('a')]).toEqual([0, 0]);
    const first = throttle.admit('a');
    expect(first).toBeGreaterThan(4900);
    expect(first).toBeLessThanOrEqual(5000);
  });

  it('counts wrong keys within 15 minutes', () => {
    jest.useFakeTimers({ now: 10_000_000 });
    try {
      const provider = robotKeyThrottleProvider as FactoryProvider<RobotKeyThrottle>;
      const throttle = provider.useFactory({ ROBOT_KEY_MAX_FAILURES: 2, ROBOT_KEY_LOCKOUT_MS: 5000 } as GatewayConfig) as RobotKeyThrottle;
      throttle.admit('a');
      jest.setSystemTime(10_000_000 + 15 * 60_000 - 1);
      throttle.admit('a');
      expect(throttle.admit('a')).toBe(5000);
    } finally {
      jest.useRealTimers();
    }
  });
});
