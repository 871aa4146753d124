/**
 * Fault points: named places in the middle of work where a process can be made to stop and
 * wait, so that the fault tests (`test/faults`) can kill it at exactly that moment (between a
 * check and what it decides, between a commit and its acknowledgement) and show that nothing
 * is lost or done twice afterwards.
 *
 * Inert unless enabled: a point acts only when its name is listed in the `FAULT_POINTS`
 * environment variable (comma separated), and never when `NODE_ENV` is `production`. An
 * enabled point prints one line, `fault point reached: <name> <detail as JSON>`, on stderr and
 * holds the work there: for good (until the process is killed) when listed as `<name>`; for
 * that many milliseconds, the first time only, when listed as `<name>:<ms>` (to cut what the
 * work holds, a database connection say, under it).
 *
 * The points:
 * - `images.upload-checked`: an uploaded picture passed the server's check, not yet accepted;
 * - `pipeline.outputs-written`: a job wrote its outputs to S3, its result not yet committed;
 * - `consumer.<durable>.applied`: a durable consumer committed a message, not yet acknowledged;
 * - `delivery.delivered`: the delivery worker wrote an order's files to its destination, the receipt not yet recorded.
 */
export const FAULT_POINTS_VARIABLE = 'FAULT_POINTS';
export const FAULT_POINT_REACHED = 'fault point reached:';

/**
 * How long the named point holds the work in this process: `Infinity` for good, a number of
 * milliseconds, or null when it is not enabled.
 */
export function faultPointHold(name: string, env: NodeJS.ProcessEnv = process.env): number | null {
  const listed = env[FAULT_POINTS_VARIABLE];
  if (!listed || env.NODE_ENV === 'production') return null;
  for (const entry of listed.split(',')) {
    const [point, ms] = entry.trim().split(':');
    if (point !== name) continue;
    if (ms === undefined) return Infinity;
    const hold = Number(ms);
    if (Number.isInteger(hold) && hold >= 0) return hold;
  }
  return null;
}

/** points with a timed hold already passed in this process */
const passed = new Set<string>();

/**
 * Holds the work here when the point is enabled (see above); otherwise resolves at once and
 * does nothing.
 */
export async function faultPoint(name: string, detail: Record<string, unknown> = {}): Promise<void> {
  const hold = faultPointHold(name);
  if (hold === null || passed.has(name)) return;
  process.stderr.write(`${FAULT_POINT_REACHED} ${name} ${JSON.stringify(detail)}\n`);
  if (hold === Infinity) await new Promise<never>(() => undefined);
  passed.add(name);
  await new Promise((r) => setTimeout(r, hold));
}
