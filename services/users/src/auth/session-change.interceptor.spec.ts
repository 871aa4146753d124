import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { usersApp } from '../users.app';
import type { UsersConfig } from '../users.config';
import { READS, SessionChangeInterceptor } from './session-change.interceptor';
import { SessionReadsMessagesController } from './session-reads.messages.controller';

type Class = new (...args: never[]) => unknown;

/** The controllers of the users service's modules (which modules does not depend on the config). */
function controllers(): Class[] {
  return usersApp.modules({} as UsersConfig).flatMap((m) => (Reflect.getMetadata('controllers', m) as Class[] | undefined) ?? []);
}

/** The subjects a controller answers. */
function subjects(controller: Class): string[] {
  const proto = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(proto).flatMap((key) => {
    const patterns = typeof proto[key] === 'function' ? (Reflect.getMetadata(PATTERN_METADATA, proto[key] as object) as unknown[] | undefined) : undefined;
    return (patterns ?? []).map(String);
  });
}

/**
 * Gateways cache session checks and drop them when the users service says a call may have
 * changed one. That message comes from `SessionChangeInterceptor`, so every controller must
 * carry it, but the one holding the two hot reads, which must stay reads.
 */
describe('which calls tell the gateways that sessions may have changed', () => {
  it('every controller of the service carries the interceptor, but the session reads', () => {
    const all = controllers();
    expect(all).toContain(SessionReadsMessagesController);
    expect(all.length).toBeGreaterThan(5);
    for (const controller of all) {
      const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, controller) as unknown[] | undefined) ?? [];
      expect([controller.name, interceptors.includes(SessionChangeInterceptor)]).toEqual([controller.name, controller !== SessionReadsMessagesController]);
    }
  });

  it('the controller without it answers only reads: the session check and /me', () => {
    const answered = subjects(SessionReadsMessagesController);
    expect(answered.sort()).toEqual(['users.auth.me', 'users.auth.session']);
    for (const subject of answered) expect([subject, READS.test(subject)]).toEqual([subject, true]);
  });
});
