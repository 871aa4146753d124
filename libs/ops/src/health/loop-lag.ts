import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/**
 * The liveness rule: a process is live unless its event loop has lagged more than `maxLagMs`
 * on every sample for at least `forMs`. One slow tick (a big JSON parse, a sharp call that
 * blocks) must not get a pod restarted; a loop that stays stuck must.
 */
export class LoopLagRule {
  /** when the lag went over the bound and stayed there; null while it is under */
  private overSince: number | null = null;
  private lastLagMs = 0;

  constructor(
    readonly maxLagMs: number,
    readonly forMs: number,
  ) {}

  /** Records one sample: the worst lag seen since the previous one, at time `now` (ms). */
  observe(lagMs: number, now: number): void {
    this.lastLagMs = lagMs;
    if (lagMs <= this.maxLagMs) this.overSince = null;
    else if (this.overSince === null) this.overSince = now;
  }

  /** Live or not at `now`, with the last lag measured and for how long it has been over the bound. */
  state(now: number): { live: boolean; lagMs: number; overForMs: number } {
    const overForMs = this.overSince === null ? 0 : now - this.overSince;
    return { live: this.overSince === null || overForMs < this.forMs, lagMs: Math.round(this.lastLagMs), overForMs };
  }
}

export interface LoopLagOptions {
  maxLagMs: number;
  forMs: number;
  /** how often the lag is sampled (default 1000 ms) */
  sampleMs?: number;
}

/**
 * Measures the event loop's lag with `perf_hooks.monitorEventLoopDelay` and feeds the rule
 * each `sampleMs` with the worst delay of the interval. When the loop is stuck outright the
 * sampling timer does not run either: the probe's own answer is late, and it is the
 * orchestrator's timeout that sees it; when the loop comes back the first sample carries the
 * whole stall (the histogram kept it, and the time since the last sample does too).
 */
export class LoopLagMonitor {
  readonly rule: LoopLagRule;
  private histogram: IntervalHistogram | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastSample = 0;

  constructor(private readonly opts: LoopLagOptions) {
    this.rule = new LoopLagRule(opts.maxLagMs, opts.forMs);
  }

  start(): void {
    if (this.timer) return;
    const sampleMs = this.opts.sampleMs ?? 1000;
    this.histogram = monitorEventLoopDelay({ resolution: 20 });
    this.histogram.enable();
    this.lastSample = Date.now();
    this.timer = setInterval(() => this.sample(), sampleMs);
    this.timer.unref();
  }

  /** Takes a sample now (the timer does it; the probe too, so a stall shows at once). */
  sample(): void {
    const now = Date.now();
    const sampleMs = this.opts.sampleMs ?? 1000;
    // the histogram's max is in nanoseconds; a timer that fired late also tells the stall
    const histogramMs = this.histogram ? this.histogram.max / 1e6 : 0;
    const lateMs = Math.max(0, now - this.lastSample - sampleMs);
    this.rule.observe(Math.max(histogramMs, lateMs), now);
    this.histogram?.reset();
    this.lastSample = now;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.histogram?.disable();
    this.histogram = null;
  }
}
