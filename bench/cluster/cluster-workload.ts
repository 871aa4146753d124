import { createHash } from 'node:crypto';
import { isRetryable, NO_ANSWER, retryDelayMs } from '@app/contracts/http';

/**
 * The clients of the cluster's tests, each keeping the product's documented retry contract
 * (`@app/contracts/http` retry-policy): dealerships uploading orders as the mobile app does,
 * staff approving and delivering them, robots pulling deliveries. Every request is counted;
 * a request is *refused* when one of its sends failed (no answer, 502, 503, 504) and *failed
 * for good* when its last send did, or when it was a call the policy does not repeat.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jitter = (ms: number) => ms * (0.5 + Math.random());
export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface Failure {
  route: string;
  status: number;
  body: string;
  /** ms since the run's start */
  at: number;
}

export class Recorder {
  t0 = Date.now();
  /** requests (a request sent again counts once) */
  requests = 0;
  /** sends that were refused and sent again */
  retries = 0;
  /** requests whose last answer was a failure */
  failures: Failure[] = [];
  /** latencies of requests that succeeded, by route */
  latencies = new Map<string, number[]>();
  /** 4xx answers the workload expects, counted apart */
  expected = new Map<string, number>();

  fail(route: string, status: number, body: string): void {
    this.failures.push({ route, status, body: body.slice(0, 300), at: Date.now() - this.t0 });
  }

  ok(route: string, ms: number): void {
    const list = this.latencies.get(route) ?? [];
    list.push(ms);
    this.latencies.set(route, list);
  }
}

export interface CallOptions {
  /** the route is marked idempotent in the contracts (a POST a repeat of which does nothing twice) */
  idempotent?: boolean;
  headers?: Record<string, string>;
  /** 4xx statuses that are an expected outcome here, not a failure */
  expect?: number[];
}

/** One request with the product's retry policy; never throws on an HTTP answer. */
export async function send(
  rec: Recorder,
  route: string,
  method: string,
  url: string,
  init: { body?: string | FormData; headers?: Record<string, string>; timeoutMs?: number },
  opts: CallOptions = {},
): Promise<{ status: number; text: string; bytes: Buffer; headers: Headers | null }> {
  rec.requests++;
  const t = performance.now();
  for (let attempt = 1; ; attempt++) {
    let status = NO_ANSWER;
    let text = '';
    let bytes = Buffer.alloc(0);
    let headers: Headers | null = null;
    try {
      const res = await fetch(url, { method, body: init.body, headers: init.headers, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
      status = res.status;
      headers = res.headers;
      bytes = Buffer.from(await res.arrayBuffer());
      text = bytes.toString('utf8');
    } catch (err) {
      // an answer cut off mid-body is no answer
      status = NO_ANSWER;
      text = String((err as Error).cause ?? err);
    }
    if (status >= 200 && status < 400) {
      rec.ok(route, performance.now() - t);
      return { status, text, bytes, headers };
    }
    if (isRetryable(method, status, attempt, opts.idempotent)) {
      rec.retries++;
      await sleep(retryDelayMs(attempt, headers?.get('retry-after')));
      continue;
    }
    if (opts.expect?.includes(status)) rec.expected.set(`${route} ${status}`, (rec.expected.get(`${route} ${status}`) ?? 0) + 1);
    else rec.fail(route, status, text);
    return { status, text, bytes, headers };
  }
}

/** A signed-in user of the API through the load balancer. */
export class Api {
  token = '';
  constructor(
    readonly base: string,
    readonly rec: Recorder,
  ) {}

  async signIn(email: string, password: string): Promise<void> {
    for (let tries = 0; tries < 10; tries++) {
      const res = await this.call<{ accessToken?: string }>('POST /auth/login', 'POST', '/auth/login', { email, password });
      if (res.body?.accessToken) {
        this.token = res.body.accessToken;
        return;
      }
      await sleep(1000);
    }
    throw new Error(`${email} could not sign in`);
  }

  async call<T = unknown>(route: string, method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<{ status: number; body: T | null }> {
    const headers: Record<string, string> = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...opts.headers };
    const res = await send(this.rec, route, method, this.base + path, { body: body !== undefined ? JSON.stringify(body) : undefined, headers }, opts);
    let parsed: T | null = null;
    try {
      parsed = res.text ? (JSON.parse(res.text) as T) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  }
}

/** The presigned POST to storage: the same key written again is the same object, so it is sent again when refused. */
export async function postToStorage(rec: Recorder, url: string, fields: Record<string, string>, file: Buffer): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await send(rec, 'POST (presigned, S3)', 'POST', url, { body: form, timeoutMs: 60_000 }, { idempotent: true });
  return res.status;
}


export interface Dealer {
  index: number;
  id: string;
  email: string;
  salesPersonId: string;
  /** the integration its finished orders are delivered to, if any */
  integration?: { id: string; kind: 'FTP' | 'ROBOT'; path?: string };
}

export interface PlacedOrder {
  id: string;
  name: string;
  dealer: Dealer;
  /** the pictures stored (one per position) */
  images: string[];
  /** every picture uploaded: the order can be approved once processed */
  complete: boolean;
  approved: boolean;
  enqueued: boolean;
}

export interface Upload {
  imageId: string;
  orderId: string;
  postedAt: number;
}

export interface DealerSettings {
  pictures: number;
  photoPauseMs: number;
  carPauseMs: number;
}

/**
 * A dealership's phone: creates an order, uploads its pictures one after another (grant,
 * presigned POST, upload-complete), and when a picture fails for good, tries it again as the
 * app's "retry" does (a new grant for the same position), up to 5 times.
 */
export async function dealerClient(
  dealer: Dealer,
  api: Api,
  guide: string,
  photos: Buffer[],
  out: { orders: PlacedOrder[]; uploads: Upload[] },
  until: () => boolean,
  settings: DealerSettings,
  tag: string,
): Promise<void> {
  await sleep(Math.random() * Math.min(settings.carPauseMs, 5000));
  for (let n = 1; !until(); n++) {
    const name = `Cluster ${tag} ${dealer.index}-${n}`;
    const created = await api.call<{ id?: string }>('POST /orders', 'POST', '/orders', {
      orderName: name,
      styleGuide: guide,
      salesMan: dealer.salesPersonId,
      takenImagesCount: settings.pictures,
      deviceInformation: { platform: 'android', model: 'Pixel 8', osVersion: '15' },
    });
    const orderId = created.body?.id;
    if (created.status !== 201 || !orderId) {
      await sleep(jitter(settings.carPauseMs));
      continue;
    }
    const order: PlacedOrder = { id: orderId, name, dealer, images: [], complete: false, approved: false, enqueued: false };
    out.orders.push(order);
    for (let position = 1; position <= settings.pictures; position++) {
      if (position > 1) await sleep(jitter(settings.photoPauseMs));
      const photo = photos[(dealer.index + position) % photos.length];
      for (let tries = 0; tries < 5; tries++) {
        if (tries > 0) await sleep(2000 * tries);
        const signed = await api.call<{ url?: string; fields?: string; imageId?: string }>('POST /images/get-signed-url-for-upload', 'POST', '/images/get-signed-url-for-upload', {
          order: orderId,
          position,
          fileSize: photo.length,
          width: 1600,
          height: 1200,
          contentType: 'image/jpeg',
        });
        const grant = signed.body;
        if (signed.status !== 201 || !grant?.url || !grant.fields || !grant.imageId) continue;
        const posted = await postToStorage(api.rec, grant.url, JSON.parse(grant.fields) as Record<string, string>, photo);
        if (posted >= 300 || posted === NO_ANSWER) continue;
        out.uploads.push({ imageId: grant.imageId, orderId, postedAt: Date.now() });
        order.images.push(grant.imageId);
        // the images service also finds the file by itself: a lost upload-complete is not a lost picture
        await api.call('POST /images/upload-complete', 'POST', '/images/upload-complete', { imageId: grant.imageId }, { idempotent: true });
        break;
      }
    }
    order.complete = order.images.length === settings.pictures;
    await api.call('GET /orders/{id}', 'GET', `/orders/${orderId}`);
    await sleep(jitter(settings.carPauseMs));
  }
}

interface OrderState {
  processedImagesCount?: number;
  takenImagesCount?: number;
  QAstatus?: string;
  status?: string;
}

/**
 * One step of a staff member's work on an order of its dealerships: approves it once every
 * picture is processed, then delivers it to the dealership's integration. A delivery whose
 * request failed for good is looked up on the order's deliveries before it is asked again, as
 * a person looks at the order page before pressing Deliver a second time.
 */
export async function workOnOrder(api: Api, order: PlacedOrder): Promise<void> {
  if (!order.complete) return;
  if (!order.approved) {
    const res = await api.call<OrderState>('GET /orders/{id}', 'GET', `/orders/${order.id}`);
    const o = res.body;
    if (res.status !== 200 || !o) return;
    if (o.QAstatus === 'Approved' || o.status === 'Ready to download' || o.status === 'Completed' || o.status === 'Delivering') {
      order.approved = true;
    } else if (o.QAstatus === 'Waiting For QA' && o.processedImagesCount === o.takenImagesCount) {
      const approved = await api.call('PUT /orders/approval/{id}/true', 'PUT', `/orders/approval/${order.id}/true`);
      if (approved.status === 200) order.approved = true;
      else return;
    } else {
      return;
    }
  }
  const integration = order.dealer.integration;
  if (!integration || order.enqueued) return;
  const existing = await api.call<Array<{ integration?: { id: string } }>>('GET /orders/{id}/deliveries', 'GET', `/orders/${order.id}/deliveries`);
  if (existing.status === 200 && existing.body?.some((d) => d.integration?.id === integration.id)) {
    order.enqueued = true;
    return;
  }
  if (existing.status !== 200) return;
  const enqueued = await api.call('POST /orders/enqueue-order-delivery-by-id/{id}', 'POST', `/orders/enqueue-order-delivery-by-id/${order.id}`, { selectedIntegrations: [{ id: integration.id }] });
  if (enqueued.status === 200 || enqueued.status === 201) order.enqueued = true;
}

const LIST_FILTERS = ['', '&status=QA%20stage', '&status=In%20Progress', '&status=Ready%20to%20download', '&QAstatus=Waiting%20For%20QA', '&search=Cluster'];

/** A staff member: lists and opens orders between working on its dealerships' orders. */
export async function staffClient(index: number, api: Api, orders: () => PlacedOrder[], stop: () => boolean, pauseMs: number): Promise<void> {
  for (let step = 0; !stop(); step++) {
    if (step % 3 === 0) {
      const list = await api.call<{ items?: Array<{ id: string }> }>('GET /orders/get-orders', 'GET', `/orders/get-orders?page=1${LIST_FILTERS[(index + step) % LIST_FILTERS.length]}`);
      const first = list.body?.items?.[0];
      if (first) await api.call('GET /images/order/{id}', 'GET', `/images/order/${first.id}`);
    }
    for (const order of orders().filter((o) => o.complete && (!o.approved || (o.dealer.integration && !o.enqueued)))) {
      if (stop()) break;
      await workOnOrder(api, order);
    }
    await sleep(jitter(pauseMs));
  }
}

interface RobotMessage {
  id: string;
  images: Array<{ imageId: string; position: number; url: string }>;
}

/**
 * A dealer's robot: pulls, downloads every picture by its link, acknowledges with the files'
 * checksums (an acknowledgement is repeated when refused: the contract makes a repeat answer
 * what the first did). A pull whose answer was lost leaves its messages leased until the lease
 * runs out; they come back then.
 */
export function robotClient(base: string, key: string, rec: Recorder, stop: () => boolean): { done: Promise<void>; acked: Map<string, number> } {
  const acked = new Map<string, number>();
  const headers = { 'x-robot-key': key, 'content-type': 'application/json' };
  const done = (async () => {
    while (!stop()) {
      const pulled = await send(rec, 'POST /robot/messages/pull', 'POST', `${base}/robot/messages/pull`, { body: JSON.stringify({ max: 5 }), headers });
      let messages: RobotMessage[] = [];
      try {
        messages = pulled.status === 200 ? ((JSON.parse(pulled.text) as { messages: RobotMessage[] }).messages ?? []) : [];
      } catch {
        messages = [];
      }
      if (messages.length === 0) {
        await sleep(500);
        continue;
      }
      for (const msg of messages) {
        const files: Array<{ name: string; location: string; bytes: number; sha256: string }> = [];
        for (const image of msg.images) {
          const res = await send(rec, 'GET (picture link, S3)', 'GET', image.url, {});
          if (res.status !== 200) break;
          const bytes = res.bytes;
          files.push({ name: `${image.position}.jpg`, location: `/robot/${msg.id}/${image.position}.jpg`, bytes: bytes.length, sha256: sha256(bytes) });
        }
        if (files.length !== msg.images.length) {
          await send(rec, 'POST /robot/messages/{id}/release', 'POST', `${base}/robot/messages/${msg.id}/release`, { body: JSON.stringify({ error: 'a picture could not be downloaded' }), headers }, { idempotent: true });
          continue;
        }
        const ack = await send(rec, 'POST /robot/messages/{id}/ack', 'POST', `${base}/robot/messages/${msg.id}/ack`, { body: JSON.stringify({ files, answer: 'stored' }), headers }, { idempotent: true });
        if (ack.status === 200 || ack.status === 201) acked.set(msg.id, (acked.get(msg.id) ?? 0) + 1);
      }
    }
  })();
  return { done, acked };
}
