import type { WorkLane as PipelineLane } from './lane-scheduler';
import type { JsMsg } from 'nats';
import pino from 'pino';
import { LaneScheduler, type LaneSource } from './lane-scheduler';

/** A lane holding queued messages, answering pulls at once (or with null after a short wait when empty). */
class FakeLane implements LaneSource {
  readonly queue: string[] = [];
  pulls = 0;
  private stopped = false;
  constructor(private readonly name: PipelineLane) {}
  async pull(): Promise<JsMsg | null> {
    this.pulls++;
    if (this.stopped) return null;
    const id = this.queue.shift();
    if (id === undefined) {
      await new Promise((r) => setTimeout(r, 5));
      return null;
    }
    return { subject: `${this.name}:${id}` } as unknown as JsMsg;
  }
  async pendingCount(): Promise<number> {
    return this.queue.length;
  }
  stopPulls(): void {
    this.stopped = true;
  }
}

describe('LaneScheduler', () => {
  async function run(concurrency: number, live: string[], bulk: string[], liveLater: string[] = []) {
    const lanes = { live: new FakeLane('live'), bulk: new FakeLane('bulk') };
    lanes.live.queue.push(...live);
    lanes.bulk.queue.push(...bulk);
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const scheduler = new LaneScheduler({
      ...lanes,
      concurrency,
      logger: pino({ level: 'silent' }),
      run: async (m) => {
        started.push(m.subject);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => releases.push(r));
        running--;
      },
    });
    scheduler.start();
    const settle = async () => {
      for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 15));
    };
    const finishOne = async () => {
      releases.shift()?.();
      await settle();
    };
    await settle();
    return { lanes, started, scheduler, finishOne, settle, most: () => most, addLive: (ids: string[]) => lanes.live.queue.push(...ids), liveLater };
  }

  it('takes live jobs before any bulk job while live ones wait', async () => {
    const t = await run(1, ['l1', 'l2'], ['b1', 'b2']);
    expect(t.started).toEqual(['live:l1']);
    await t.finishOne();
    await t.finishOne();
    expect(t.started).toEqual(['live:l1', 'live:l2', 'bulk:b1']);
    await t.finishOne();
    await t.finishOne();
    await t.scheduler.stop();
    expect(t.started).toEqual(['live:l1', 'live:l2', 'bulk:b1', 'bulk:b2']);
  });

  it('starts a live job at once even when bulk jobs fill every slot, and starts no bulk job while live waits', async () => {
    const t = await run(2, [], ['b1', 'b2', 'b3', 'b4']);
    expect(t.started).toEqual(['bulk:b1', 'bulk:b2']);
    t.addLive(['l1', 'l2', 'l3']);
    await t.settle();
    // two live jobs beside the two bulk ones: live never waits for a slot
    expect(t.started).toEqual(['bulk:b1', 'bulk:b2', 'live:l1', 'live:l2']);
    await t.finishOne(); // b1
    await t.finishOne(); // b2
    // l3 is still waiting for a live slot: no bulk job starts
    expect(t.started).toEqual(['bulk:b1', 'bulk:b2', 'live:l1', 'live:l2']);
    await t.finishOne(); // l1
    expect(t.started.at(-1)).toBe('live:l3');
    await t.finishOne(); // l2
    await t.finishOne(); // l3
    expect(t.started.slice(5)).toEqual(['bulk:b3', 'bulk:b4']);
    while (t.started.length < 7) await t.finishOne();
    await t.finishOne();
    await t.finishOne();
    await t.scheduler.stop();
    expect(t.most()).toBeLessThanOrEqual(4);
  });

  it('waits for running jobs when stopped, and pulls nothing after', async () => {
    const t = await run(1, ['l1'], []);
    const stopping = t.scheduler.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await t.settle();
    expect(stopped).toBe(false);
    await t.finishOne();
    await stopping;
    const pulls = t.lanes.live.pulls + t.lanes.bulk.pulls;
    await t.settle();
    expect(t.lanes.live.pulls + t.lanes.bulk.pulls).toBe(pulls);
  });

  it('stops waiting for a job that outlasts the grace period and says how many are still running', async () => {
    const t = await run(2, ['l1', 'l2'], []);
    expect(t.started).toEqual(['live:l1', 'live:l2']);
    const started = Date.now();
    // neither job finishes: after the grace period the caller hands them back
    expect(await t.scheduler.stop(50)).toBe(2);
    expect(Date.now() - started).toBeLessThan(1000);
    await t.finishOne();
    await t.finishOne();
  });

  it('reports none left when the jobs finish within the grace period', async () => {
    const t = await run(1, ['l1'], []);
    const stopping = t.scheduler.stop(5_000);
    await t.finishOne();
    expect(await stopping).toBe(0);
  });
});
