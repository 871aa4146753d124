import type { JsMsg } from 'nats';
import type { Logger } from 'pino';

/** The two lanes of a work queue: live work first, bulk work only when no live work waits. */
export type WorkLane = 'live' | 'bulk';

/** What the scheduler needs of a lane's durable consumer (DurableSubscription). */
export interface LaneSource {
  pull(expiresMs: number): Promise<JsMsg | null>;
  pendingCount(): Promise<number>;
  stopPulls(): void;
}

export interface LaneSchedulerOptions {
  live: LaneSource;
  bulk: LaneSource;
  /** jobs of one lane run at once */
  concurrency: number;
  run: (m: JsMsg, lane: WorkLane) => Promise<void>;
  logger: Logger;
  /** how long one pull waits for a job (long poll) */
  livePullMs?: number;
  bulkPullMs?: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Takes jobs from the two lanes, one at a time and only when there is room, so that replicas
 * share the work and nothing waits in a busy worker's buffer:
 *
 * - live: a job is pulled whenever fewer than `concurrency` live jobs run here, whatever
 *   bulk work is running: a live job never waits for a slot;
 * - bulk: a job is pulled only when fewer than `concurrency` jobs of both lanes run here AND
 *   the live lane has nothing waiting on the server (for any replica).
 *
 * So a bulk backlog never delays live work: at worst a live job shares the CPU with the bulk
 * jobs already running (at most `concurrency`), and no new bulk job starts until live is
 * drained.
 */
export class LaneScheduler {
  private readonly running: Record<WorkLane, number> = { live: 0, bulk: 0 };
  private readonly inFlight = new Set<Promise<void>>();
  private waiters: Array<() => void> = [];
  private loops: Promise<void>[] = [];
  private stopped = false;

  constructor(private readonly opts: LaneSchedulerOptions) {}

  start(): void {
    this.stopped = false;
    this.loops = [this.liveLoop(), this.bulkLoop()];
  }

  /**
   * Stops pulling and waits for the jobs running now to finish and be settled, for at most
   * `graceMs`; resolves with how many were still running then (the caller hands them back).
   */
  async stop(graceMs = Infinity): Promise<number> {
    this.stopped = true;
    this.opts.live.stopPulls();
    this.opts.bulk.stopPulls();
    this.notify();
    await Promise.all(this.loops);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.inFlight]),
      new Promise<void>((resolve) => {
        if (Number.isFinite(graceMs)) timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    return this.inFlight.size;
  }

  get busy(): Record<WorkLane, number> {
    return { ...this.running };
  }

  private async liveLoop(): Promise<void> {
    while (!this.stopped) {
      if (this.running.live >= this.opts.concurrency) {
        await this.changed();
        continue;
      }
      const m = await this.pull(this.opts.live, this.opts.livePullMs ?? 5000, 'live');
      if (m) this.launch(m, 'live');
    }
  }

  private async bulkLoop(): Promise<void> {
    while (!this.stopped) {
      if (this.running.live + this.running.bulk >= this.opts.concurrency) {
        await this.changed();
        continue;
      }
      let waitingLive: number;
      try {
        waitingLive = await this.opts.live.pendingCount();
      } catch (err) {
        if (!this.stopped) this.opts.logger.warn({ err }, 'could not read the live lane; bulk waits');
        await sleep(1000);
        continue;
      }
      if (waitingLive > 0) {
        await Promise.race([this.changed(), sleep(250)]);
        continue;
      }
      // a live job may have been taken while we asked: it has the slot
      if (this.stopped || this.running.live + this.running.bulk >= this.opts.concurrency) continue;
      const m = await this.pull(this.opts.bulk, this.opts.bulkPullMs ?? 1000, 'bulk');
      if (m) this.launch(m, 'bulk');
    }
  }

  private async pull(source: LaneSource, expiresMs: number, lane: WorkLane): Promise<JsMsg | null> {
    try {
      return await source.pull(expiresMs);
    } catch (err) {
      if (this.stopped) return null;
      this.opts.logger.warn({ err, lane }, 'pulling a job failed; trying again');
      await sleep(1000);
      return null;
    }
  }

  private launch(m: JsMsg, lane: WorkLane): void {
    // a job pulled while the stop began goes back at once, for another worker
    if (this.stopped) {
      m.nak();
      return;
    }
    this.running[lane]++;
    const job = this.opts
      .run(m, lane)
      .catch((err) => this.opts.logger.error({ err, lane }, 'job runner failed'))
      .finally(() => {
        this.running[lane]--;
        this.inFlight.delete(job);
        this.notify();
      });
    this.inFlight.add(job);
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
