import { type IntegrationType } from '@app/contracts';
import { OutboundHttp, OutboundPolicy, parseAllowance } from '@app/outbound';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { StorageService } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { DeliveryConfig } from '../delivery.config';
import { ApiDeliverer } from './api.deliverer';
import { BlobDeliverer } from './blob.deliverer';
import type { TypeDeliverer } from './delivery-job';
import { DeliverySources } from './delivery-sources';
import { FtpDeliverer } from './ftp.deliverer';
import { SharepointDeliverer } from './sharepoint.deliverer';
import { DeliveryFailure, type DeliveryAttempt, type DeliveryReceipt, type OrderDeliverer } from './order-deliverer';

/**
 * The order deliverer the queue calls: reads the integration and the order's files, picks
 * the deliverer of the integration's type (FTP, BLOB, API and REMOTE_INTEGRATION; ROBOT is
 * pulled through the robot API) and lets it write. Every deliverer and test connection
 * connects through one outbound policy (OUTBOUND_ALLOW is its allowance): an address inside
 * the service's own network is refused before any connection.
 */
@Injectable()
export class Deliverers implements OrderDeliverer {
  private readonly byType = new Map<IntegrationType, TypeDeliverer>();
  private readonly testers = new Map<IntegrationType, TypeDeliverer>();

  constructor(
    private readonly sources: DeliverySources,
    storage: StorageService,
    @Inject(SERVICE_CONFIG) config: DeliveryConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    const outbound = new OutboundHttp(new OutboundPolicy({ allowance: parseAllowance(config.OUTBOUND_ALLOW) }));
    const sharepoint = (timeoutMs: number) =>
      new SharepointDeliverer(outbound, { graphUrl: config.GRAPH_API_URL, tokenUrl: config.SHAREPOINT_TOKEN_URL, chunkBytes: config.SHAREPOINT_CHUNK_BYTES, timeoutMs });
    const make = (timeoutMs: number) => [
      new FtpDeliverer(timeoutMs, outbound.policy),
      new BlobDeliverer(timeoutMs, outbound, sharepoint(timeoutMs)),
      new ApiDeliverer(storage, timeoutMs, outbound),
    ];
    for (const d of make(config.DELIVERY_TIMEOUT_MS)) for (const t of d.types) this.byType.set(t, d);
    for (const d of make(config.DELIVERY_TEST_TIMEOUT_MS)) for (const t of d.types) this.testers.set(t, d);
  }

  get types(): IntegrationType[] {
    return [...this.byType.keys()];
  }

  async deliver(attempt: DeliveryAttempt): Promise<DeliveryReceipt> {
    const integration = await this.sources.integration(attempt.integrationId);
    if (!integration.isActive) throw new DeliveryFailure('The integration is switched off', false);
    const deliverer = this.byType.get(integration.integrationType);
    if (!deliverer) throw new DeliveryFailure(`${integration.integrationType} integrations are not pushed by the server`, false);
    const job = await this.sources.job(attempt, integration);
    const receipt = await deliverer.deliver(job);
    this.logger.info({ messageId: attempt.messageId, destination: receipt.destination, files: receipt.files.length }, 'order delivered');
    return receipt;
  }

  async testConnection(integrationId: string): Promise<{ ok: boolean; message: string }> {
    try {
      const integration = await this.sources.integration(integrationId);
      const tester = this.testers.get(integration.integrationType);
      if (!tester) return { ok: false, message: `${integration.integrationType} integrations are not reached by the server: a robot pulls their deliveries` };
      return { ok: true, message: await tester.test(integration) };
    } catch (err) {
      if (err instanceof DeliveryFailure) return { ok: false, message: err.message };
      throw err;
    }
  }
}
