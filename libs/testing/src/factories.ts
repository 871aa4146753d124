import { randomUUID } from 'node:crypto';
import type { Actor, ActorRole } from '@app/contracts';

/** An actor as the gateway would send it, for calling a service directly in tests. */
export function actorFor(role: ActorRole, overrides: Partial<Actor> = {}): Actor {
  return {
    userId: role === 'Anonymous' || role === 'System' ? null : randomUUID(),
    role,
    permissions: [],
    requestId: `test-${randomUUID()}`,
    ...overrides,
  };
}
