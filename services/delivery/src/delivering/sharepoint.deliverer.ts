import type { IntegrationForDelivery, IntegrationSettings } from '@app/contracts';
import { backoff } from '@app/messaging';
import type { OutboundHttp } from '@app/outbound';
import { joinKey, resolvedSettings, str, type DeliveryJob, type PreparedFile } from './delivery-job';
import { httpStatusFailure, networkFailure, statusLine } from './failures';
import { DeliveryFailure, type DeliveredFile, type DeliveryReceipt } from './order-deliverer';

/** Graph's unit of an upload range: every range but the last is a multiple of it. */
export const GRAPH_RANGE_UNIT = 327_680;
/** tries of one range before the attempt fails (and the queue tries the message again later) */
export const RANGE_TRIES = 4;

export interface SharepointOptions {
  /** Microsoft Graph, e.g. `https://graph.microsoft.com/v1.0` */
  graphUrl: string;
  /** the token endpoint, `{tenantId}` replaced by the integration's tenant */
  tokenUrl: string;
  /** bytes of one range, a multiple of 320 KiB */
  chunkBytes: number;
  timeoutMs: number;
  /** wait before trying a failed range again, doubled each time (ms) */
  rangeRetryDelayMs?: number;
}

interface Drive {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  driveId: string;
  folder: string;
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const encodePath = (path: string) => path.split('/').filter(Boolean).map(encodeURIComponent).join('/');

/**
 * SharePoint document libraries through Microsoft Graph: an app registration's client ID and
 * secret (the integration's user name and password) get an access token with the client
 * credentials grant at the tenant's token endpoint (kept until a minute before it expires);
 * each file is one upload session (`createUploadSession` on the item's path in the library's
 * drive, replacing a file of the same name, so a retried delivery leaves one copy) and its
 * bytes are PUT in ranges of `chunkBytes` (a multiple of 320 KiB, as Graph requires). A range
 * that fails (a cut connection, 5xx, 429) is tried again after asking the session which bytes
 * it still expects. Every request, the upload URL's included, goes through the outbound policy.
 */
export class SharepointDeliverer {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly graphUrl: string;

  constructor(
    private readonly outbound: OutboundHttp,
    private readonly options: SharepointOptions,
  ) {
    if (options.chunkBytes % GRAPH_RANGE_UNIT !== 0) throw new Error(`SHAREPOINT_CHUNK_BYTES must be a multiple of ${GRAPH_RANGE_UNIT}`);
    this.graphUrl = options.graphUrl.replace(/\/+$/, '');
  }

  async deliver(job: DeliveryJob): Promise<DeliveryReceipt> {
    const drive = this.drive(job.integration, resolvedSettings(job.integration));
    const where = this.where(drive);
    const files: DeliveredFile[] = [];
    let answer: string | null = null;
    for (const file of job.files) {
      const item = await this.upload(drive, file);
      answer = `item ${item.id}`;
      files.push({ name: file.name, location: item.webUrl ?? `${where}/${file.name}`, bytes: file.bytes.length, sha256: file.sha256, imageId: file.imageId, position: file.position });
    }
    return { destination: where, files, answer, finishedAt: new Date().toISOString() };
  }

  async test(integration: IntegrationForDelivery): Promise<string> {
    const drive = this.drive(integration, resolvedSettings(integration));
    const url = `${this.graphUrl}/drives/${encodeURIComponent(drive.driveId)}`;
    const res = await this.graph(drive, url, { method: 'GET' });
    if (!res.ok) throw await this.refusal(res, url);
    const body = (await res.json().catch(() => ({}))) as { name?: string; webUrl?: string };
    return `Reached the library ${body.name ?? drive.driveId}${body.webUrl ? ` (${body.webUrl})` : ''}`;
  }

  private drive(integration: IntegrationForDelivery, settings: IntegrationSettings): Drive {
    if (!settings.tenantId || !settings.driveId) throw new DeliveryFailure('The SharePoint tenant and drive (library) are not set in the integration', false);
    if (!integration.username || !integration.password) {
      throw new DeliveryFailure("The SharePoint app's client ID and secret (user name and password) are not set in the integration", false);
    }
    return {
      tenantId: str(settings, 'tenantId'),
      clientId: integration.username,
      clientSecret: integration.password,
      driveId: str(settings, 'driveId'),
      folder: str(settings, 'path'),
    };
  }

  private where(drive: Drive): string {
    const folder = encodePath(drive.folder);
    return `${this.graphUrl}/drives/${drive.driveId}/root${folder ? `:/${folder}` : ''}`;
  }

  /** An access token of the app (client credentials), kept until a minute before it expires. */
  private async token(drive: Drive, fresh = false): Promise<string> {
    const key = `${drive.tenantId}\n${drive.clientId}\n${drive.clientSecret}`;
    const cached = this.tokens.get(key);
    if (!fresh && cached && cached.expiresAt > Date.now()) return cached.token;
    const url = this.options.tokenUrl.replace('{tenantId}', encodeURIComponent(drive.tenantId));
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: drive.clientId,
      client_secret: drive.clientSecret,
      scope: `${new URL(this.graphUrl).origin}/.default`,
    }).toString();
    const res = await this.send(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    const answer = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !answer.access_token) {
      if (res.status === 400 || res.status === 401) {
        throw new DeliveryFailure(`Login: ${url} refused the client ID or secret (${statusLine(answer.error ?? String(res.status))})`, false);
      }
      throw httpStatusFailure(res.ok ? 502 : res.status, url, res.statusText);
    }
    const lifetime = Math.max(0, (Number(answer.expires_in) || 3600) - 60) * 1000;
    this.tokens.set(key, { token: answer.access_token, expiresAt: Date.now() + lifetime });
    return answer.access_token;
  }

  /** A Graph request with the app's token; a 401 (a token revoked early) gets a new token once. */
  private async graph(drive: Drive, url: string, init: RequestInit): Promise<Response> {
    const call = async (token: string) => this.send(url, { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` } });
    const res = await call(await this.token(drive));
    if (res.status !== 401) return res;
    await res.body?.cancel().catch(() => undefined);
    return call(await this.token(drive, true));
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.outbound.fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (err) {
      throw networkFailure(err, url) ?? new DeliveryFailure(`${url}: ${(err as Error).message}`, true);
    }
  }

  private async refusal(res: Response, url: string): Promise<DeliveryFailure> {
    const error = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
    const code = error.error?.code;
    if (res.status === 404) return new DeliveryFailure(`Not found: ${url} does not exist${code ? ` (${statusLine(code)})` : ''}`, false);
    return httpStatusFailure(res.status, url, code ?? res.statusText);
  }

  /** One file: an upload session on its path, then its bytes in ranges. */
  private async upload(drive: Drive, file: PreparedFile): Promise<{ id: string; webUrl?: string }> {
    const path = encodePath(joinKey(drive.folder, file.name));
    const url = `${this.graphUrl}/drives/${encodeURIComponent(drive.driveId)}/root:/${path}:/createUploadSession`;
    const res = await this.graph(drive, url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ item: { '@microsoft.graph.conflictBehavior': 'replace', name: file.name } }),
    });
    if (!res.ok) throw await this.refusal(res, url);
    const session = (await res.json().catch(() => ({}))) as { uploadUrl?: string };
    if (!session.uploadUrl) throw new DeliveryFailure(`${url} answered no upload URL`, true);
    return this.putRanges(session.uploadUrl, file);
  }

  /**
   * The file's bytes in ranges. A range that fails is tried again (up to RANGE_TRIES times,
   * waiting longer each time) from the first byte the session still expects.
   */
  private async putRanges(uploadUrl: string, file: PreparedFile): Promise<{ id: string; webUrl?: string }> {
    const total = file.bytes.length;
    const where = new URL(uploadUrl).origin;
    let start = 0;
    let failures = 0;
    for (;;) {
      const end = Math.min(start + this.options.chunkBytes, total) - 1;
      let res: Response | null = null;
      let failure: DeliveryFailure | null = null;
      try {
        // no Authorization: the upload URL carries its own (Graph refuses a bearer token on it)
        res = await this.send(uploadUrl, {
          method: 'PUT',
          headers: { 'Content-Range': `bytes ${start}-${end}/${total}`, 'Content-Type': 'application/octet-stream' },
          body: file.bytes.subarray(start, end + 1),
        });
      } catch (err) {
        failure = err as DeliveryFailure;
        if (!failure.retryable) throw failure;
      }
      if (res && (res.status === 200 || res.status === 201)) {
        const item = (await res.json().catch(() => ({}))) as { id?: string; webUrl?: string; size?: number };
        if (typeof item.size === 'number' && item.size !== total) throw new DeliveryFailure(`${where} kept ${item.size} of the ${total} bytes of ${file.name}`, true);
        return { id: item.id ?? '', webUrl: item.webUrl };
      }
      if (res && res.status === 202) {
        const next = await this.nextExpected(res);
        start = next ?? end + 1;
        failures = 0;
        if (start >= total) throw new DeliveryFailure(`${where} asked for bytes past the end of ${file.name}`, true);
        continue;
      }
      if (res && res.status === 416) {
        // the range was there already (an answer lost on the way): go on from what the session expects
        await res.body?.cancel().catch(() => undefined);
        const expected = await this.sessionExpects(uploadUrl);
        if (expected === null || ++failures >= RANGE_TRIES) throw new DeliveryFailure(`${where} refused the range ${start}-${end} of ${file.name} (416)`, true);
        start = expected;
        continue;
      }
      if (res && res.status === 404) {
        await res.body?.cancel().catch(() => undefined);
        throw new DeliveryFailure(`${where}: the upload session of ${file.name} ended before its last range`, true);
      }
      if (res) {
        failure = await this.refusal(res, where);
        if (!failure.retryable) throw failure;
      }
      if (++failures >= RANGE_TRIES) throw failure!;
      await sleep(backoff(failures, { baseMs: this.options.rangeRetryDelayMs ?? 250, maxMs: Number.POSITIVE_INFINITY }));
      start = (await this.sessionExpects(uploadUrl)) ?? start;
    }
  }

  private async nextExpected(res: Response): Promise<number | null> {
    const body = (await res.json().catch(() => ({}))) as { nextExpectedRanges?: string[] };
    const first = body.nextExpectedRanges?.[0];
    const n = first ? Number(first.split('-')[0]) : NaN;
    return Number.isInteger(n) && n >= 0 ? n : null;
  }

  /** The first byte the session still expects, or null when it could not be asked (the same range again). */
  private async sessionExpects(uploadUrl: string): Promise<number | null> {
    try {
      const res = await this.send(uploadUrl, { method: 'GET' });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        return null;
      }
      return await this.nextExpected(res);
    } catch {
      return null;
    }
  }
}
