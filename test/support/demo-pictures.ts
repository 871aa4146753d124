import { DEMO_ORDERS } from '@app/seeding';
import { waitFor } from '@app/testing';
import type { TestStack } from './test-stack';

/** how many pictures the demo orders hold (SEED_DEMO_DATA=true) */
export const DEMO_PICTURES = DEMO_ORDERS.reduce((n, order) => n + order.positions.length, 0);

/**
 * Waits until the images service has stored every demo picture. They are drawn in the
 * background at boot, in the test's own process: a test starts after that burst, so that a
 * sign-in does not miss its RPC deadline on a busy machine.
 */
export async function demoPicturesStored(stack: TestStack, timeoutMs: number, intervalMs: number): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await stack.db.query<{ seeded: string }>('SELECT count(*) AS seeded FROM images.image');
      return Number(row.seeded) >= DEMO_PICTURES;
    },
    `the ${DEMO_PICTURES} demo pictures to be stored`,
    timeoutMs,
    intervalMs,
  );
}
