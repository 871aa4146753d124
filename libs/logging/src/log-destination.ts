import pino from 'pino';

/** lines are written together once this many characters are waiting */
const BATCH_CHARS = 16_384;
/** and at the latest this long after the first of them */
const BATCH_MS = 100;

/**
 * The process's standard output for its logs, written in batches: one write for many lines
 * (at 16 KB, or 100 ms after the first line waiting, whichever comes first) instead of one
 * write a line. Under load a request's log line then costs no system call of its own; a quiet
 * process still shows each line within 100 ms. What is waiting is written when the process
 * exits (also by `process.exit`, after a fatal line); a process killed outright (SIGKILL)
 * loses at most those last 100 ms of lines.
 */
export class BatchedStdout {
  private lines: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly out: { write(chunk: string): unknown } = pino.destination({ dest: 1, sync: true })) {
    process.once('exit', () => this.flush());
  }

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= BATCH_CHARS) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), BATCH_MS);
      this.timer.unref();
    }
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.chars === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.out.write(batch);
  }
}

let shared: BatchedStdout | null = null;

/** The one batched standard output of this process (every logger of the process writes there). */
export function batchedStdout(): BatchedStdout {
  shared ??= new BatchedStdout();
  return shared;
}
