import { PeriodicTask } from './periodic-task';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PeriodicTask', () => {
  it('runs again after a failed run, never two runs at once, and stops after the run in flight', async () => {
    let active = 0;
    let overlapped = false;
    let runs = 0;
    const errors: unknown[] = [];
    let finishedAfterStop = false;
    const task = new PeriodicTask(
      async () => {
        runs++;
        active++;
        if (active > 1) overlapped = true;
        await sleep(15);
        active--;
        if (runs === 1) throw new Error('first run fails');
        if (task.stopped) finishedAfterStop = true;
      },
      5,
      (err) => errors.push(err),
    );
    task.start();
    while (runs < 3) await sleep(5);
    await task.stop();
    const runsAtStop = runs;
    await sleep(40);
    expect(errors).toEqual([new Error('first run fails')]);
    expect(overlapped).toBe(false);
    expect(runs).toBe(runsAtStop);
    expect(finishedAfterStop).toBe(true);
    expect(active).toBe(0);
  });
});
