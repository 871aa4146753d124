/**
 * Work run again and again with a pause between the end of one run and the start of the next
 * (so runs never overlap), until `stop`: a failed run is reported to `onError` and the next one
 * comes as usual. The timer does not keep the process alive; `stop` waits for a run in flight.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly pauseMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** true once `stop` was called: a long run can end early */
  get stopped(): boolean {
    return this.stopping;
  }

  start(): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.running = this.run()
        .then(() => undefined, this.onError)
        .finally(() => {
          this.running = null;
          this.start();
        });
    }, this.pauseMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await this.running;
  }
}
