import type { IntegrationForDelivery, IntegrationSettings } from '@app/contracts';
import type { OutboundHttp } from '@app/outbound';
import { BlobServiceClient, StorageSharedKeyCredential, type ContainerClient, type StoragePipelineOptions } from '@azure/storage-blob';
import { Client as S3Client } from 'minio';
import { createHash } from 'node:crypto';
import { joinKey, resolvedSettings, str, withTimeout, type DeliveryJob, type TypeDeliverer } from './delivery-job';
import { azureFailure, s3Failure } from './failures';
import { DeliveryFailure, type DeliveredFile, type DeliveryReceipt } from './order-deliverer';
import type { SharepointDeliverer } from './sharepoint.deliverer';

/**
 * The container of an Azure integration: from its connection string, or its account URL with
 * the account name and key (or a SAS in the URL). Its requests go through the outbound
 * policy's agent (the client's pipeline takes an `agent`), and a redirect is not followed.
 */
export function azureContainer(integration: IntegrationForDelivery, settings: IntegrationSettings, timeoutMs: number, outbound: OutboundHttp): ContainerClient {
  const build = (agent?: unknown): BlobServiceClient => {
    const options = { retryOptions: { maxTries: 1, tryTimeoutInMs: timeoutMs }, redirectOptions: { maxRetries: 0 }, ...(agent ? { agent } : {}) } as StoragePipelineOptions;
    if (settings.connectionString) return BlobServiceClient.fromConnectionString(str(settings, 'connectionString'), options);
    if (integration.username && integration.password) {
      return new BlobServiceClient(str(settings, 'accountUrl'), new StorageSharedKeyCredential(integration.username, integration.password), options);
    }
    return new BlobServiceClient(str(settings, 'accountUrl'), undefined, options);
  };
  let service: BlobServiceClient;
  try {
    // the account's URL (a connection string names it) says which agent, HTTP or HTTPS
    service = build(outbound.agentFor(build().url));
  } catch (err) {
    throw new DeliveryFailure(`The Azure connection string or account key is not valid: ${(err as Error).message}`, false);
  }
  return service.getContainerClient(str(settings, 'container'));
}

function s3Client(integration: IntegrationForDelivery, settings: IntegrationSettings, outbound: OutboundHttp): S3Client {
  const url = new URL(str(settings, 'endpoint'));
  const useSSL = url.protocol === 'https:';
  return new S3Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: integration.username ?? '',
    secretKey: integration.password ?? '',
    region: str(settings, 'region'),
    pathStyle: true,
    // every connection through the outbound policy (a checked address)
    transportAgent: useSSL ? outbound.httpsAgent : outbound.httpAgent,
  });
}

/**
 * Blob storage: Azure Blob Storage (block blobs with their Content-MD5, written over the same
 * names, so a retried delivery leaves one blob per file), any S3-compatible bucket (the
 * same names overwritten) and SharePoint libraries (Microsoft Graph upload sessions,
 * `sharepoint.deliverer.ts`). Every client connects through the outbound policy.
 */
export class BlobDeliverer implements TypeDeliverer {
  readonly types = ['BLOB'] as const;

  constructor(
    private readonly timeoutMs: number,
    private readonly outbound: OutboundHttp,
    private readonly sharepoint: SharepointDeliverer,
  ) {}

  async deliver(job: DeliveryJob): Promise<DeliveryReceipt> {
    const settings = resolvedSettings(job.integration);
    if (job.integration.provider === 'AZURE_BLOB') return this.toAzure(job, settings);
    if (job.integration.provider === 'S3_BUCKET') return this.toS3(job, settings);
    if (job.integration.provider === 'SHAREPOINT') return this.sharepoint.deliver(job);
    throw new DeliveryFailure(`${job.integration.provider} is not delivered to by the server`, false);
  }

  async test(integration: IntegrationForDelivery): Promise<string> {
    const settings = resolvedSettings(integration);
    if (integration.provider === 'SHAREPOINT') return this.sharepoint.test(integration);
    if (integration.provider === 'AZURE_BLOB') {
      const container = this.azure(integration, settings);
      try {
        const created = (await container.createIfNotExists()).succeeded;
        return `${created ? 'Created' : 'Reached'} the container ${container.url}`;
      } catch (err) {
        throw azureFailure(err, container.url);
      }
    }
    if (integration.provider === 'S3_BUCKET') {
      const { client, where } = this.s3(integration, settings);
      try {
        if (!(await withTimeout(client.bucketExists(str(settings, 'bucket')), this.timeoutMs))) {
          throw new DeliveryFailure(`Not found: ${where} does not exist`, false);
        }
        return `Reached the bucket ${where}`;
      } catch (err) {
        throw s3Failure(err, where);
      }
    }
    throw new DeliveryFailure(`${integration.provider} is not delivered to by the server`, false);
  }

  private azure(integration: IntegrationForDelivery, settings: IntegrationSettings): ContainerClient {
    if (!settings.container || (!settings.connectionString && !settings.accountUrl)) {
      throw new DeliveryFailure('The Azure container and account URL or connection string are not set in the integration', false);
    }
    return azureContainer(integration, settings, this.timeoutMs, this.outbound);
  }

  private s3(integration: IntegrationForDelivery, settings: IntegrationSettings): { client: S3Client; where: string } {
    if (!settings.endpoint || !settings.bucket) throw new DeliveryFailure('The S3 endpoint and bucket are not set in the integration', false);
    return { client: s3Client(integration, settings, this.outbound), where: `${str(settings, 'endpoint').replace(/\/$/, '')}/${str(settings, 'bucket')}` };
  }

  private async toAzure(job: DeliveryJob, settings: IntegrationSettings): Promise<DeliveryReceipt> {
    const container = this.azure(job.integration, settings);
    try {
      await container.createIfNotExists();
      const files: DeliveredFile[] = [];
      let answer: string | null = null;
      for (const file of job.files) {
        const blob = container.getBlockBlobClient(joinKey(str(settings, 'pathPrefix'), file.name));
        const res = await blob.uploadData(file.bytes, {
          blobHTTPHeaders: { blobContentType: file.contentType, blobContentMD5: createHash('md5').update(file.bytes).digest() },
          metadata: { sha256: file.sha256, order: job.order.id, position: String(file.position) },
        });
        answer = `etag ${res.etag ?? ''}`.trim();
        files.push({ name: file.name, location: blob.url, bytes: file.bytes.length, sha256: file.sha256, imageId: file.imageId, position: file.position });
      }
      return { destination: container.url, files, answer, finishedAt: new Date().toISOString() };
    } catch (err) {
      throw azureFailure(err, container.url);
    }
  }

  private async toS3(job: DeliveryJob, settings: IntegrationSettings): Promise<DeliveryReceipt> {
    const { client, where } = this.s3(job.integration, settings);
    const bucket = str(settings, 'bucket');
    try {
      const files: DeliveredFile[] = [];
      let answer: string | null = null;
      for (const file of job.files) {
        const key = joinKey(str(settings, 'prefix'), file.name);
        const res = await withTimeout(
          client.putObject(bucket, key, file.bytes, file.bytes.length, { 'Content-Type': file.contentType, 'x-amz-meta-sha256': file.sha256 }),
          this.timeoutMs,
        );
        answer = `etag ${res.etag}`;
        files.push({ name: file.name, location: `${where}/${key}`, bytes: file.bytes.length, sha256: file.sha256, imageId: file.imageId, position: file.position });
      }
      return { destination: where, files, answer, finishedAt: new Date().toISOString() };
    } catch (err) {
      throw s3Failure(err, where);
    }
  }
}
