import { OUTPUT_EXTENSIONS, type IntegrationForDelivery } from '@app/contracts';
import { tracedFetch } from '@app/ops';
import type { OutboundHttp } from '@app/outbound';
import { ObjectKeys, StorageService } from '@app/storage';
import { createHmac, randomUUID } from 'node:crypto';
import { resolvedSettings, str, type DeliveryJob, type PreparedFile, type TypeDeliverer } from './delivery-job';
import { httpStatusFailure, networkFailure } from './failures';
import { DeliveryFailure, type DeliveryReceipt } from './order-deliverer';

/** How long the links in a delivery's payload work (the receiver downloads later). */
export const API_LINK_TTL_SECONDS = 24 * 60 * 60;

/**
 * The headers of a signed request: `X-Timestamp` (Unix seconds) and `X-Signature:
 * sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` under the integration's signing secret.
 * A receiver recomputes it over the raw body and refuses an old timestamp (replays).
 */
export function signatureHeaders(secret: string, body: string, now = Date.now()): { 'X-Timestamp': string; 'X-Signature': string } {
  const timestamp = String(Math.floor(now / 1000));
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'X-Timestamp': timestamp, 'X-Signature': `sha256=${signature}` };
}

/** The JSON a receiving API gets for one delivery (documented in docs/delivery.md). */
export interface DeliveryPayload {
  event: 'order.delivery';
  messageId: string;
  attempt: number;
  order: { id: string; name: string; accountId: string };
  files: Array<{ name: string; position: number; angle: string | null; imageId: string; contentType: string; bytes: number; sha256: string; url: string }>;
  sentAt: string;
}

/** The start of an answer's body (what a receipt or an error shows): at most 4 KB is read, whatever the receiver sends. */
async function answerExcerpt(res: Response, maxBytes = 4096): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // a body cut short still tells what came
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

/**
 * API and portal integrations (API, REMOTE_INTEGRATION): one HTTPS POST of the delivery's
 * JSON to the endpoint, signed with HMAC-SHA256, with `Idempotency-Key: <messageId>` so a
 * receiver that saw the message already can answer 2xx again without taking it twice. The
 * files are links, signed for 24 hours: the processed picture's own link, or, when the
 * output rules changed it, the changed file kept for the delivery in the product's storage.
 * 2xx is delivered; 408, 429, 5xx and timeouts are tried again; another 4xx is final. The
 * request goes through the outbound policy (a checked address, never an internal one) and a
 * redirect is not followed: a 3xx is a refused delivery.
 */
export class ApiDeliverer implements TypeDeliverer {
  readonly types = ['API', 'REMOTE_INTEGRATION'] as const;

  constructor(
    private readonly storage: StorageService,
    private readonly timeoutMs: number,
    private readonly outbound: OutboundHttp,
  ) {}

  private endpoint(integration: IntegrationForDelivery): { url: string; secret: string } {
    const settings = resolvedSettings(integration);
    if (!settings.endpointUrl || !settings.signingSecret) throw new DeliveryFailure('The endpoint URL and signing secret are not set in the integration', false);
    return { url: str(settings, 'endpointUrl'), secret: str(settings, 'signingSecret') };
  }

  private async linkOf(job: DeliveryJob, file: PreparedFile, index: number): Promise<string> {
    if (file.url) return file.url;
    const ext = file.name.slice(file.name.lastIndexOf('.') + 1) || OUTPUT_EXTENSIONS.jpeg;
    const key = ObjectKeys.delivery(job.attempt.messageId, String(index + 1), ext);
    await this.storage.put(key, file.bytes, file.contentType);
    return this.storage.signedGetAs(key, API_LINK_TTL_SECONDS, { contentType: file.contentType, downloadName: file.name });
  }

  private async post(url: string, secret: string, body: string, idempotencyKey: string): Promise<{ status: number; reason: string; text: string }> {
    try {
      const res = await tracedFetch(
        url,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey, ...signatureHeaders(secret, body) },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(this.timeoutMs),
        },
        this.outbound.fetch,
      );
      // a refusal is told by its status line; only a delivered answer's body is kept (in the receipt)
      const ok = res.status >= 200 && res.status <= 299;
      const text = ok ? await answerExcerpt(res) : '';
      if (!ok) await res.body?.cancel().catch(() => undefined);
      return { status: res.status, reason: res.statusText, text };
    } catch (err) {
      throw networkFailure(err, url) ?? new DeliveryFailure(`${url}: ${(err as Error).message}`, true);
    }
  }

  async deliver(job: DeliveryJob): Promise<DeliveryReceipt> {
    const { url, secret } = this.endpoint(job.integration);
    const links = await Promise.all(job.files.map((file, i) => this.linkOf(job, file, i)));
    const payload: DeliveryPayload = {
      event: 'order.delivery',
      messageId: job.attempt.messageId,
      attempt: job.attempt.attempt,
      order: { id: job.order.id, name: job.order.orderName, accountId: job.order.accountId },
      files: job.files.map((f, i) => ({
        name: f.name,
        position: f.position,
        angle: f.angleName,
        imageId: f.imageId,
        contentType: f.contentType,
        bytes: f.bytes.length,
        sha256: f.sha256,
        url: links[i],
      })),
      sentAt: new Date().toISOString(),
    };
    const { status, reason, text } = await this.post(url, secret, JSON.stringify(payload), job.attempt.messageId);
    if (status < 200 || status > 299) throw httpStatusFailure(status, url, reason);
    return {
      destination: url,
      files: job.files.map((f, i) => ({ name: f.name, location: links[i], bytes: f.bytes.length, sha256: f.sha256, imageId: f.imageId, position: f.position })),
      answer: `${status} ${text.replace(/\s+/g, ' ').trim().slice(0, 500)}`.trim(),
      finishedAt: new Date().toISOString(),
    };
  }

  async test(integration: IntegrationForDelivery): Promise<string> {
    const { url, secret } = this.endpoint(integration);
    const { status, reason } = await this.post(url, secret, JSON.stringify({ event: 'ping', sentAt: new Date().toISOString() }), `ping-${randomUUID()}`);
    if (status < 200 || status > 299) throw httpStatusFailure(status, url, reason);
    return `${url} answered the signed ping with ${status}`;
  }
}
