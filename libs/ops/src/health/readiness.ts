/**
 * One readiness check: resolves when what it checks answers, throws (or rejects) with the
 * reason otherwise. It is cut at the readiness timeout.
 */
export type ReadinessCheck = () => Promise<void> | void;

export interface ReadinessReport {
  ready: boolean;
  status: 'ready' | 'not ready' | 'shutting down';
  /** per check: `ok` or the reason it is not ready */
  checks: Record<string, string>;
  /** the names of the checks that failed */
  failing: string[];
}

/**
 * The readiness of one process: named checks (database, nats, storage, consumers …), each
 * cut at `timeoutMs`, run side by side at every probe. Once `shuttingDown()` is called it
 * answers "shutting down" without running them, so the orchestrator takes the process out
 * of rotation before it stops serving.
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private stopping = false;

  constructor(private readonly timeoutMs: number) {}

  add(name: string, check: ReadinessCheck): this {
    if (this.checks.has(name)) throw new Error(`the readiness check ${name} is added twice`);
    this.checks.set(name, check);
    return this;
  }

  get names(): string[] {
    return [...this.checks.keys()];
  }

  shuttingDown(): void {
    this.stopping = true;
  }

  get isShuttingDown(): boolean {
    return this.stopping;
  }

  async report(): Promise<ReadinessReport> {
    if (this.stopping) return { ready: false, status: 'shutting down', checks: {}, failing: [] };
    const results = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await withTimeout(check, this.timeoutMs)] as const),
    );
    const checks = Object.fromEntries(results);
    const failing = results.filter(([, r]) => r !== 'ok').map(([name]) => name);
    // a stop may have begun while the checks ran
    if (this.stopping) return { ready: false, status: 'shutting down', checks: {}, failing: [] };
    return { ready: failing.length === 0, status: failing.length === 0 ? 'ready' : 'not ready', checks, failing };
  }
}

async function withTimeout(check: ReadinessCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .then(() => 'ok'),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`did not answer within ${timeoutMs} ms`), timeoutMs);
      }),
    ]);
  } catch (err) {
    return err instanceof Error ? err.message || err.name : String(err);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
