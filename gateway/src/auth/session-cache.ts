import { Namespace, SESSIONS_CHANGED_SUBJECT, type SessionActor } from '@app/contracts';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection, Subscription } from 'nats';
import { GATEWAY_CONFIG, NATS_CONNECTION } from '../messaging/nats.module';
import type { GatewayConfig } from '../gateway.config';

/** the most session checks kept; the oldest go first */
const MAX_ENTRIES = 50_000;

interface Entry {
  actor: SessionActor;
  until: number;
}

/**
 * Answers of the users service's session check, reused for `SESSION_CACHE_MS` per access
 * token's session. Emptied whenever the users service says sessions changed
 * (`SESSIONS_CHANGED_SUBJECT`): it says so before it answers the call that changed them, so a
 * logout, a revoked session or a new role applies on the caller's next request. An answer
 * that was on its way while the cache was emptied is not kept (the generation check).
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private sub: Subscription | null = null;
  private readonly ttlMs: number;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.ttlMs = config.SESSION_CACHE_MS;
  }

  onModuleInit(): void {
    if (!this.ttlMs) return;
    this.sub = this.nc.subscribe(new Namespace(this.config.NATS_NAMESPACE).subject(SESSIONS_CHANGED_SUBJECT), {
      callback: () => this.clear(),
    });
  }

  onApplicationShutdown(): void {
    this.sub?.unsubscribe();
  }

  clear(): void {
    this.entries.clear();
    this.generation++;
  }

  /** The cached answer, or a fresh one from `ask` (kept unless sessions changed meanwhile). */
  async get(key: string, ask: () => Promise<SessionActor>): Promise<SessionActor> {
    if (!this.ttlMs) return ask();
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.actor;
    const generation = this.generation;
    const actor = await ask();
    if (generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { actor, until: Date.now() + this.ttlMs });
    }
    return actor;
  }
}
