import 'reflect-metadata';
import { loadConfigOrExit } from '@app/config';
import { createLogger } from '@app/logging';
import { createGatewayApp } from './gateway.app';
import { GatewayConfig } from './gateway.config';

async function main(): Promise<void> {
  const config = loadConfigOrExit(GatewayConfig, 'gateway');
  const logger = createLogger('gateway', config.LOG_LEVEL);
  try {
    const app = await createGatewayApp(config, { logger });
    await app.listen(config.PORT);
    logger.info({ port: config.PORT }, `gateway listening on http://localhost:${config.PORT}/api`);
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      setTimeout(() => process.exit(1), 10000).unref();
      await app.close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  } catch (err) {
    logger.fatal({ err }, 'gateway could not start');
    process.exit(1);
  }
}

void main();
