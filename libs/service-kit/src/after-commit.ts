import { EventSubscriber, type EntityManager, type EntitySubscriberInterface, type QueryRunner, type TransactionCommitEvent, type TransactionRollbackEvent } from 'typeorm';

/** Work waiting for the transaction of a query runner to commit. */
const waiting = new WeakMap<QueryRunner, Array<() => Promise<unknown>>>();

/**
 * Runs what `afterCommit` queued once the transaction has committed, and drops it when the
 * transaction rolls back (so `inTransaction`'s next run queues it again). Registered on every
 * service's data source by `dataSourceOptions`. A savepoint released or rolled back inside
 * the transaction leaves the queue alone: only the outermost transaction decides.
 */
@EventSubscriber()
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return;
    const work = waiting.get(runner) ?? [];
    waiting.delete(runner);
    // the commit stands whatever happens here: a failure must not turn it into an error
    for (const run of work) await run().catch(() => undefined);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) waiting.delete(event.queryRunner);
  }
}

/**
 * Runs `work` (a side effect outside the database: an S3 delete, say) only once the
 * transaction `m` belongs to has committed, before that transaction's caller goes on; never
 * when it rolls back. Outside a transaction (`ds.manager`), right away. A failure of `work`
 * changes nothing of the committed transaction and is not reported: work that must be
 * retried or logged catches its own errors (the upload-leftover sweepers catch what an
 * object delete misses).
 */
export async function afterCommit(m: EntityManager, work: () => Promise<unknown>): Promise<void> {
  const runner = m.queryRunner;
  if (!runner?.isTransactionActive) {
    await work();
    return;
  }
  if (!runner.connection.subscribers.some((s) => s instanceof AfterCommitSubscriber)) {
    throw new Error('afterCommit needs the AfterCommitSubscriber on the data source (dataSourceOptions registers it)');
  }
  const queue = waiting.get(runner) ?? [];
  queue.push(work);
  waiting.set(runner, queue);
}
