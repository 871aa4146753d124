import { randomUUID } from 'node:crypto';
import {
  ImagesEvents,
  type CreateOrderBody,
  type EventDef,
  type OrderImagesProgress,
  type OrderPlatform,
  type OrderStatus,
  type OrderView,
  type QaStatus,
} from '@app/contracts';
import { connectNats, encodeJson } from '@app/messaging';
import { testInfra, testPng } from '@app/testing';
import { Client } from 'pg';
import { uploadMedia } from './media-upload';
import { UserSession } from './sessions';
import type { TestStack } from './test-stack';

/** Factories for orders (services/orders): through the API as a signed-in user, or straight into the orders schema. */

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${++counter}`;

/**
 * A style guide made by the admin through the API and assigned to the given accounts.
 * `positions` adds that many IMAGE configurations (1, 2, 3 …) on one angle, routed to `route`
 * (default the configuration's default, AI; `bypass` needs no style-guide media). `background`: a plain
 * background of that colour (the AI route puts the car on it).
 */
export async function createStyleGuide(
  admin: UserSession,
  opts: { name?: string; assignTo?: string[]; positions?: number; route?: string; background?: string } = {},
): Promise<{ id: string; name: string }> {
  const name = opts.name ?? `Guide ${unique()}`;
  const id = await postGuide(admin, { name, outputWidth: 1600, outputHeight: 1200, maxImageSize: 800_000 }, opts.assignTo ?? []);
  if (opts.background) {
    const backgroundMediaId = await uploadMedia(admin, 'background', await testPng(256, opts.background));
    const put = await admin.put(`/api/style-guides/${id}`).send({ backgroundMediaId });
    if (put.status !== 200) throw new Error(`PUT /api/style-guides/${id} answered ${put.status} ${JSON.stringify(put.body)}`);
  }
  if (opts.positions) {
    const overlay = await uploadMedia(admin, 'angle_overlay');
    const angle = await admin.post('/api/angle').send({ name: `Angle ${unique()}`, category: 'exterior', defaultAngleOverlayId: overlay });
    if (angle.status !== 201) throw new Error(`POST /api/angle answered ${angle.status} ${JSON.stringify(angle.body)}`);
    for (let position = 1; position <= opts.positions; position++) {
      const c = await admin
        .post('/api/style-guide-configurations')
        .send({ styleGuideId: id, position, angleId: angle.body.id, ...(opts.route ? { routeTo: opts.route } : {}) });
      if (c.status !== 201) throw new Error(`POST /api/style-guide-configurations answered ${c.status} ${JSON.stringify(c.body)}`);
    }
  }
  return { id, name };
}

/**
 * A free-form style guide (no positions: any position takes a picture, processed by its
 * `frameFreeRouting` route, `bypass` by default) made by the admin and assigned to the given accounts.
 */
export async function createFreeFormGuide(
  admin: UserSession,
  opts: { name?: string; assignTo?: string[]; frameFreeRouting?: string; outputWidth?: number; outputHeight?: number; maxImageSize?: number; interiorColor?: string } = {},
): Promise<string> {
  const { assignTo = [], frameFreeRouting = 'bypass', outputWidth = 640, outputHeight = 480, maxImageSize = 300_000, ...rest } = opts;
  return postGuide(admin, { name: `Free form ${unique()}`, ...rest, outputWidth, outputHeight, maxImageSize, frameFreeRouting }, assignTo);
}

/** `POST /api/style-guides` with `body`, then the guide assigned to each of `assignTo`; answers its id. */
async function postGuide(admin: UserSession, body: Record<string, unknown>, assignTo: string[]): Promise<string> {
  const res = await admin.post('/api/style-guides').send(body);
  if (res.status !== 201) throw new Error(`POST /api/style-guides answered ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.id as string;
  for (const userId of assignTo) {
    const a = await admin.post('/api/style-guides/add-style-guide-to-user').send({ userId, styleGuideId: id });
    if (a.status !== 200) throw new Error(`assigning the guide answered ${a.status} ${JSON.stringify(a.body)}`);
  }
  return id;
}

/** An order row written straight into the orders schema (for lists with many, old or odd orders). */
export interface OrderRowSpec {
  accountId: string;
  accountName?: string;
  accountEmail?: string;
  orderName?: string;
  note?: string | null;
  status?: OrderStatus;
  QAstatus?: QaStatus;
  salesPersonId?: string | null;
  salesPersonName?: string | null;
  styleGuideId?: string;
  styleGuideName?: string;
  takenImagesCount?: number;
  videoCount?: number;
  enabledQa?: boolean;
  platform?: OrderPlatform;
  createdAt?: Date;
  updatedAt?: Date;
}

async function withOrdersDb<T>(stack: TestStack, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: stack.db.url });
  await c.connect();
  try {
    await c.query('SET search_path TO orders, public');
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function insertOrder(stack: TestStack, spec: OrderRowSpec): Promise<{ id: string; orderName: string }> {
  const id = randomUUID();
  const orderName = spec.orderName ?? `Order ${unique()}`;
  const createdAt = spec.createdAt ?? new Date();
  await withOrdersDb(stack, (c) =>
    c.query(
      `INSERT INTO orders (id, account_id, account_name, account_email, order_name, note, status, qa_status, created_by_id, created_by_name,
                           created_by_role, sales_person_id, sales_person_name, style_guide_id, style_guide_name, platform,
                           taken_images_count, video_count, enabled_qa, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $2, $3, 'Account', $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        id,
        spec.accountId,
        spec.accountName ?? 'Test dealership',
        spec.accountEmail ?? 'dealer@example.test',
        orderName,
        spec.note ?? null,
        spec.status ?? 'Uploading',
        spec.QAstatus ?? 'Waiting For QA',
        spec.salesPersonId ?? null,
        spec.salesPersonName ?? null,
        spec.styleGuideId ?? randomUUID(),
        spec.styleGuideName ?? 'Test guide',
        spec.platform ?? 'web',
        spec.takenImagesCount ?? 3,
        spec.videoCount ?? 0,
        spec.enabledQa ?? false,
        createdAt,
        spec.updatedAt ?? createdAt,
      ],
    ),
  );
  return { id, orderName };
}

/**
 * An order. With a signed-in session it is created through `POST /api/orders` (the rules
 * apply; `styleGuide` is required, the name and `takenImagesCount: 3` are defaulted) and
 * the saved order comes back. With the stack it is written straight into the orders schema.
 */
export async function createOrder(session: UserSession, body: Partial<CreateOrderBody> & { styleGuide: string }): Promise<OrderView>;
export async function createOrder(stack: TestStack, spec: OrderRowSpec): Promise<{ id: string; orderName: string }>;
export async function createOrder(
  who: UserSession | TestStack,
  spec: (Partial<CreateOrderBody> & { styleGuide: string }) | OrderRowSpec,
): Promise<OrderView | { id: string; orderName: string }> {
  if (!(who instanceof UserSession)) return insertOrder(who, spec as OrderRowSpec);
  const res = await who.post('/api/orders').send({ orderName: `Order ${unique()}`, takenImagesCount: 3, ...spec });
  if (res.status !== 201) throw new Error(`POST /api/orders answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as OrderView;
}

/**
 * Publishes an event as its owning service's outbox relay would (on the stack's namespace,
 * `Nats-Msg-Id` set): a stand-in for another service in tests of a consumer.
 */
export async function publishEvent<P>(stack: TestStack, def: EventDef<P>, payload: P, msgId: string = randomUUID()): Promise<string> {
  const nc = await connectNats(testInfra.natsUrl, `test-publisher-${stack.ns.prefix}`);
  try {
    await nc.jetstream().publish(stack.ns.namespace.subject(def.subject), encodeJson(payload), { msgID: msgId });
  } finally {
    await nc.close();
  }
  return msgId;
}

/** `ImagesEvents.orderProgress` for an order, as the images service publishes it (counts default to 0). */
export function publishOrderProgress(
  stack: TestStack,
  progress: Pick<OrderImagesProgress, 'orderId' | 'version'> & Partial<OrderImagesProgress>,
): Promise<string> {
  return publishEvent(stack, ImagesEvents.orderProgress, {
    imageCount: 0,
    uploadedCount: 0,
    processedCount: 0,
    failedCount: 0,
    videoCount: 0,
    at: new Date().toISOString(),
    ...progress,
  });
}
