import type { JsMsg, MsgHdrs } from 'nats';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { backoff, type BackoffSchedule } from '../life/backoff';
import type { DurableSubscription } from './durable-subscription';
import { LaneScheduler, type WorkLane } from './lane-scheduler';

export * from './lane-scheduler';

/** One delivery of a work item, as its runner settles it: every way of finishing it goes through its lane's subscription. */
export interface WorkMessage {
  data: Uint8Array;
  /** which delivery this is, starting at 1 */
  delivery: number;
  /** the subject without the namespace */
  subject: string;
  requestId?: string;
  /** the message's headers: a `traceparent` continues the trace of the work that queued it */
  headers?: MsgHdrs;
  /** progress ack: resets JetStream's redelivery timer */
  working(): void;
  /** done: not delivered again */
  ack(): void;
  /** offered again after `backoff()` of the schedule for this delivery */
  retryLater(schedule: BackoffSchedule): number;
  /** offered again at once (or after `delayMs`), to this worker or another */
  handBack(delayMs?: number): void;
  /**
   * Parked: copied to the dead-letter stream with the reason, `before` run (the runner records
   * the failure there), then terminated. False when it could not be: it is offered again later.
   */
  deadLetter(reason: string, before?: () => Promise<void>): Promise<boolean>;
  /** the work failed with `err`: true once the database answers again when it was away (run the work again, no attempt used) */
  holdWhileDatabaseAway(err: unknown, dataSource: DataSource, stopped: () => boolean): Promise<boolean>;
}

export interface WorkQueueOptions {
  namespace: { strip(subject: string): string };
  lanes: Record<WorkLane, DurableSubscription>;
  /** items of one lane run at once */
  concurrency: number;
  run: (msg: WorkMessage, lane: WorkLane) => Promise<void>;
  logger: Logger;
}

/**
 * A work queue on two durable consumers (a live and a bulk lane, shared by every replica):
 * the `LaneScheduler` pulls an item only when there is room for it, live first, and the
 * runner settles each through its `WorkMessage`. At shutdown, items that cannot finish
 * within the grace period are handed back at once for another worker.
 */
export class WorkQueue {
  private scheduler: LaneScheduler | null = null;
  /** items taken and not settled yet: handed back if they cannot finish within the grace period */
  private readonly inHand = new Set<JsMsg>();

  constructor(private readonly opts: WorkQueueOptions) {}

  get running(): boolean {
    return this.scheduler !== null;
  }

  /** items taken and not settled yet */
  get inHandCount(): number {
    return this.inHand.size;
  }

  async start(): Promise<void> {
    const { live, bulk } = this.opts.lanes;
    await live.ensure();
    await bulk.ensure();
    this.scheduler = new LaneScheduler({
      live,
      bulk,
      concurrency: this.opts.concurrency,
      logger: this.opts.logger,
      run: (m, lane) => this.opts.run(this.message(m, this.opts.lanes[lane]), lane),
    });
    this.scheduler.start();
  }

  /** Stops pulling, lets the items in hand finish for at most `graceMs`, and hands back those that cannot; answers how many. */
  async stop(graceMs: number): Promise<number> {
    const scheduler = this.scheduler;
    this.scheduler = null;
    if (!scheduler) return 0;
    const left = await scheduler.stop(graceMs);
    if (left > 0) {
      for (const m of this.inHand) m.nak();
      this.inHand.clear();
    }
    return left;
  }

  private message(m: JsMsg, sub: DurableSubscription): WorkMessage {
    const settled = () => this.inHand.delete(m);
    this.inHand.add(m);
    return {
      data: m.data,
      delivery: m.info.redeliveryCount,
      subject: this.opts.namespace.strip(m.subject),
      requestId: m.headers?.get('x-request-id') || undefined,
      headers: m.headers,
      working: () => m.working(),
      ack: () => {
        settled();
        sub.ack(m);
      },
      retryLater: (schedule) => {
        settled();
        const delay = backoff(m.info.redeliveryCount, schedule);
        sub.retry(m, delay);
        return delay;
      },
      handBack: (delayMs) => {
        settled();
        sub.retry(m, delayMs);
      },
      deadLetter: async (reason, before) => {
        const parked = await sub.deadLetter(m, reason, before);
        settled();
        return parked;
      },
      holdWhileDatabaseAway: (err, dataSource, stopped) => sub.holdWhileDatabaseAway(err, dataSource, [m], stopped),
    };
  }
}
