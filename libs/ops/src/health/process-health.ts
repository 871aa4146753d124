import type { OpsServer } from '../ops-server';
import { LoopLagMonitor } from './loop-lag';
import { Readiness } from './readiness';

export interface HealthSettings {
  /** event-loop lag above which the process counts as stuck (HEALTH_MAX_LOOP_LAG_MS) */
  maxLoopLagMs: number;
  /** how long the lag must stay above it before liveness says 503 (HEALTH_LOOP_LAG_FOR_MS) */
  loopLagForMs: number;
  /** each readiness check is cut after this (HEALTH_CHECK_TIMEOUT_MS) */
  checkTimeoutMs: number;
}

/**
 * Liveness and readiness of one process on its operations port:
 *
 * - `GET /health/live`: 200 `{ status: 'ok', loopLagMs }` while the event loop is not stuck,
 *   503 `{ status: 'stuck', … }` once its lag stayed above the bound for the set time;
 * - `GET /health/ready`: 200 `{ status: 'ready', checks }` when every check answers, 503
 *   `{ status: 'not ready', failing, checks }` naming the ones that do not, 503
 *   `{ status: 'shutting down' }` once a stop began.
 */
export class ProcessHealth {
  readonly readiness: Readiness;
  readonly loop: LoopLagMonitor;

  constructor(settings: HealthSettings) {
    this.readiness = new Readiness(settings.checkTimeoutMs);
    this.loop = new LoopLagMonitor({ maxLagMs: settings.maxLoopLagMs, forMs: settings.loopLagForMs });
  }

  /** Registers both routes on the process's operations server and starts measuring. */
  register(ops: OpsServer): this {
    this.loop.start();
    ops.route('/health/live', () => {
      const now = Date.now();
      const state = this.loop.rule.state(now);
      return state.live
        ? { status: 200, body: { status: 'ok', loopLagMs: state.lagMs } }
        : { status: 503, body: { status: 'stuck', loopLagMs: state.lagMs, overForMs: state.overForMs, maxLoopLagMs: this.loop.rule.maxLagMs } };
    });
    ops.route('/health/ready', async () => {
      const report = await this.readiness.report();
      if (report.status === 'shutting down') return { status: 503, body: { status: 'shutting down' } };
      return report.ready
        ? { status: 200, body: { status: 'ready', checks: report.checks } }
        : { status: 503, body: { status: 'not ready', failing: report.failing, checks: report.checks } };
    });
    return this;
  }

  private deadline: number | null = null;

  /**
   * The stop began: readiness says "shutting down" from now on, and what is in flight has
   * `graceMs` to finish (`remainingGraceMs`).
   */
  shuttingDown(graceMs: number): void {
    this.readiness.shuttingDown();
    this.deadline ??= Date.now() + graceMs;
  }

  /** What is left of the grace period of the stop (Infinity while none began). */
  remainingGraceMs(): number {
    return this.deadline === null ? Infinity : Math.max(0, this.deadline - Date.now());
  }

  stop(): void {
    this.loop.stop();
  }
}

/** Nest injection token of the process's `ProcessHealth` (services and the gateway provide it). */
export const PROCESS_HEALTH = Symbol('PROCESS_HEALTH');
