import { OrdersEvents, OrdersRpc, systemActor, USERS_DURABLES } from '@app/contracts';
import { MessagingHost, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { LastOrderRepository } from './last-order.repository';

/** accounts asked of the orders service at a time */
const PAGE = 1000;
/** waits between tries while the orders service does not answer (it may start after this one) */
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000];

/**
 * Keeps `user_account.last_order_date` (the newest order of the account, what
 * `days_since_last_order` is counted from when it is read) from the orders' `order-created`
 * events: at least once and in any order, so only a later date replaces the one kept. A deleted
 * order still counts: the account did order then, as the statistics count it.
 */
@Injectable()
export class LastOrderConsumer implements OnModuleInit {
  constructor(
    private readonly host: MessagingHost,
    private readonly lastOrders: LastOrderRepository,
  ) {}

  onModuleInit(): void {
    this.host.on(OrdersEvents.created, USERS_DURABLES.orderCreated, (e, ctx) => this.lastOrders.record(ctx.manager, e.accountId, new Date(e.createdAt)));
  }
}

/**
 * Once per installation (migration 1765000000400 leaves the mark pending), in the background
 * after start: each account's newest order as the orders service holds it, a page of accounts
 * at a time, kept like an event's (only a later date replaces one). While the orders service
 * does not answer it tries again, then waits for the next start. Replicas that start together
 * may both run it; the result is the same.
 */
@Injectable()
export class LastOrderBackfill implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stopped = false;
  private wake: (() => void) | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly host: MessagingHost,
    private readonly lastOrders: LastOrderRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.runWithRetries().finally(() => (this.running = null));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async runWithRetries(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        const accounts = await this.run();
        if (accounts !== null) this.logger.info({ accounts }, 'last order dates learnt from the orders service');
        return;
      } catch (err) {
        if (attempt >= RETRY_MS.length) {
          this.logger.error({ err }, 'last order dates not learnt from the orders service; tried again at the next start');
          return;
        }
        this.logger.warn({ err }, 'last order dates: the orders service did not answer; trying again');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, RETRY_MS[attempt]);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }

  /** Learns every account's newest order; answers how many accounts had one, or null when it was done before. */
  async run(): Promise<number | null> {
    if (!(await this.lastOrders.backfillPending(this.ds.manager))) return null;
    let after: string | undefined;
    let accounts = 0;
    for (;;) {
      if (this.stopped) return accounts;
      const page = await this.host.rpc.send(OrdersRpc.lastOrderDates, { ...(after ? { after } : {}), limit: PAGE }, systemActor(`last-order-backfill-${randomUUID()}`));
      await this.lastOrders.recordMany(this.ds.manager, page.map((r) => ({ accountId: r.accountId, at: new Date(r.lastOrderAt) })));
      accounts += page.length;
      if (page.length < PAGE) break;
      after = page[page.length - 1].accountId;
    }
    await this.lastOrders.backfillDone(this.ds.manager);
    return accounts;
  }
}
