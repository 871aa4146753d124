import { loadConfigOrExit } from '@app/config';
import { Namespace } from '@app/contracts';
import { createLogger } from '@app/logging';
import { connectNats, ensureStreams, RpcClient } from '@app/messaging';
import { openDatabase, runServiceMain } from '@app/service-kit';
import { FactsApplier } from '../facts/facts.applier';
import { FactsRepository } from '../facts/facts.repository';
import { statisticsApp } from '../statistics.app';
import { StatisticsConfig } from '../statistics.config';
import { rebuildFacts, type RebuildSource } from './rebuild';

/**
 * `node dist/services/statistics/src/main.js rebuild [--from stream|backfill]`: rebuilds the
 * fact tables (docs/statistics.md, "Rebuild"), then serves as the service does, continuing live.
 */
export async function rebuildCommand(args: readonly string[]): Promise<void> {
  const config = loadConfigOrExit(StatisticsConfig, 'statistics');
  const logger = createLogger('statistics', config.LOG_LEVEL);
  const fromAt = args.indexOf('--from');
  const source = fromAt >= 0 ? args[fromAt + 1] : undefined;
  if (source !== undefined && source !== 'stream' && source !== 'backfill') {
    logger.fatal(`--from takes stream or backfill, not "${source}"`);
    process.exit(2);
  }
  try {
    const ds = await openDatabase(statisticsApp.definition, config);
    const nc = await connectNats(config.NATS_URL, `statistics-rebuild-${process.pid}`);
    try {
      const namespace = new Namespace(config.NATS_NAMESPACE);
      await ensureStreams(nc, namespace, { replicas: config.NATS_STREAM_REPLICAS, logger });
      await rebuildFacts({
        applier: new FactsApplier(ds, new FactsRepository()),
        nc,
        namespace,
        rpc: new RpcClient(nc, namespace, config.RPC_TIMEOUT_MS),
        logger,
        batch: config.STATISTICS_FACTS_BATCH,
        backfillPage: config.STATISTICS_BACKFILL_PAGE,
        source: source as RebuildSource | undefined,
      });
    } finally {
      await nc.drain().catch(() => nc.close());
      await ds.destroy();
    }
  } catch (err) {
    logger.fatal({ err }, 'the statistics rebuild failed; the fact tables are incomplete: run it again');
    process.exit(1);
  }
  await runServiceMain(statisticsApp, StatisticsConfig);
}
