import { ImagesRpc, IntegrationsRpc, planDeliveryFiles, systemActor, type IntegrationForDelivery } from '@app/contracts';
import { RpcCallError } from '@app/messaging';
import { MessagingHost } from '@app/service-kit';
import { StorageService } from '@app/storage';
import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import type { DeliveryJob, PreparedFile } from './delivery-job';
import { DeliveryFailure, type DeliveryAttempt } from './order-deliverer';
import { renderOutput } from './output-renderer';

const caller = (what: string) => systemActor(`delivery-${what}-${randomUUID()}`);

/** A call to another service that failed: gone (404) is final, anything else may pass. */
function callFailure(err: unknown, what: string): DeliveryFailure {
  if (err instanceof RpcCallError && err.status === 404) return new DeliveryFailure(`${what} no longer exists`, false);
  const message = err instanceof Error ? err.message : String(err);
  return new DeliveryFailure(`${what} could not be read: ${message}`, true);
}

/**
 * What a delivery reads before it writes anywhere: the integration (from the users service,
 * with its credentials in clear), the order's processed pictures (from the images service)
 * and their bytes (from the product's S3), made into the files the output rules ask for.
 */
@Injectable()
export class DeliverySources {
  constructor(
    private readonly host: MessagingHost,
    private readonly storage: StorageService,
  ) {}

  async integration(integrationId: string): Promise<IntegrationForDelivery> {
    try {
      return await this.host.rpc.send(IntegrationsRpc.forDelivery, { id: integrationId }, caller('integration'));
    } catch (err) {
      throw callFailure(err, 'The integration');
    }
  }

  /** The job of an attempt: the integration, the order and its files under the integration's output rules. */
  async job(attempt: DeliveryAttempt, integration: IntegrationForDelivery): Promise<DeliveryJob> {
    let source;
    try {
      source = await this.host.rpc.send(ImagesRpc.deliveryFiles, { id: attempt.orderId }, caller('files'), { timeoutMs: 30_000 });
    } catch (err) {
      throw callFailure(err, 'The order');
    }
    const planned = planDeliveryFiles(integration.outputRules, source.order.orderName, source.files);
    if (!planned.length) throw new DeliveryFailure('The order has no processed picture the output rules select', false);
    const logos = new Map<string, Promise<Buffer | null>>();
    const logoOf = (key: string | null) => {
      if (!key || !integration.outputRules.logo) return Promise.resolve(null);
      if (!logos.has(key)) logos.set(key, this.storage.getBuffer(key).catch(() => null));
      return logos.get(key)!;
    };
    const files: PreparedFile[] = [];
    for (const { picture, name } of planned) {
      let original: Buffer;
      try {
        original = await this.storage.getBuffer(picture.key);
      } catch (err) {
        throw new DeliveryFailure(`The picture at position ${picture.position} could not be read: ${(err as Error).message}`, true);
      }
      const out = await renderOutput(original, integration.outputRules, await logoOf(picture.logoKey));
      files.push({
        name,
        bytes: out.bytes,
        sha256: createHash('sha256').update(out.bytes).digest('hex'),
        contentType: out.contentType,
        imageId: picture.imageId,
        position: picture.position,
        angleName: picture.angleName,
        url: out.changed ? null : picture.url,
      });
    }
    return { attempt, integration, order: source.order, files };
  }
}
