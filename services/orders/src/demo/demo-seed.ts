import { OrdersEvents, type OrderEventName, type OrderEventPayloads, type StatusPairOf } from '@app/contracts';
import { DEMO_ACCOUNTS, DEMO_ORDERS, DEMO_SALES_PEOPLE, DEMO_STYLE_GUIDE_ID, demoImageId, type DemoOrder } from '@app/seeding';
import { inTransaction, lockSeeding, MessagingHost, SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { EventsRepository, type EventUser } from '../events/events.repository';
import type { OrdersConfig } from '../orders.config';

/** The demo PRIORITY tag (fixed id, so seeding twice finds it). */
export const DEMO_PRIORITY_TAG_ID = '00000000-0000-4000-8004-000000000001';
/** the demo order that carries it: the one waiting for QA today */
const PRIORITY_ORDER = DEMO_ORDERS[1].id;
const HOUR_MS = 60 * 60 * 1000;

const accountOf = (id: string) => Object.values(DEMO_ACCOUNTS).find((a) => a.id === id)!;
const salesPersonOf = (id: string | null) => DEMO_SALES_PEOPLE.find((s) => s.id === id) ?? null;
const qaEditor: EventUser = { id: DEMO_ACCOUNTS.qaEditor.id, displayName: DEMO_ACCOUNTS.qaEditor.displayName };
const coordinator: EventUser = { id: DEMO_ACCOUNTS.qaCoordinator.id, displayName: DEMO_ACCOUNTS.qaCoordinator.displayName };

/**
 * Development only (SEED_DEMO_DATA=true, set by `make dev`): the demo orders of DEMO_ORDERS in
 * their states, on the "Demo Studio" guide, with a timeline that tells how they got there and
 * a PRIORITY tag on one. Orders are created when missing and never overwritten; the images
 * service seeds their images. Each new order is published as `OrdersEvents.created` and each
 * status step as `statusChanged` (every timeline line as `timelineRecorded`), as live orders
 * are, so `make dev`'s dashboards count them.
 */
@Injectable()
export class DemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: OrdersConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    private readonly events: EventsRepository,
    private readonly messaging: MessagingHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO_DATA) return;
    let created = 0;
    await inTransaction(this.ds, async (m) => {
      // the replicas of the service start together: one seeds, the others find its rows
      await lockSeeding(m, 'demo-seed:orders');
      await m.query(
        `INSERT INTO tag (id, name, category, entity, color) VALUES ($1, 'Priority', 'PRIORITY', 'order', 'red') ON CONFLICT DO NOTHING`,
        [DEMO_PRIORITY_TAG_ID],
      );
      const [tag]: Array<{ id: string }> = await m.query(`SELECT id FROM tag WHERE entity = 'order' AND lower(name) = 'priority'`);
      for (const [i, d] of DEMO_ORDERS.entries()) {
        if (await this.seedOrder(m, d, i)) created++;
      }
      await m.query(
        `INSERT INTO tag_assignment (entity, entity_id, tag_id, order_id, account_id)
         SELECT 'order', o.id, $2, o.id, o.account_id FROM orders o WHERE o.id = $1 ON CONFLICT DO NOTHING`,
        [PRIORITY_ORDER, tag.id],
      );
    });
    if (created) this.logger.info({ orders: created }, 'demo orders created');
  }

  private async seedOrder(m: EntityManager, d: DemoOrder, i: number): Promise<boolean> {
    const account = accountOf(d.accountId);
    const sp = salesPersonOf(d.salesPersonId);
    const createdAt = new Date(Date.now() - d.daysAgo * 24 * HOUR_MS - (i + 1) * 37 * 60 * 1000);
    const done = d.status !== 'Uploading';
    const images = done ? d.positions.length : 0;
    const ready = d.status === 'Ready to download' || d.status === 'Completed';
    const enabledQa = 'enabledQa' in account ? account.enabledQa : false;
    // what the lifecycle made of it; QA then approved it (2 h later) when the account has QA
    const afterPipeline: StatusPairOf = enabledQa ? { status: 'QA stage', QAstatus: 'Waiting For QA' } : { status: 'Ready to download', QAstatus: 'Approved' };
    const rows: unknown[] = await m.query(
      `INSERT INTO orders (id, account_id, account_name, account_email, order_name, note, status, qa_status,
                           created_by_id, created_by_name, created_by_role, sales_person_id, sales_person_name,
                           style_guide_id, style_guide_name, platform, app_version, taken_images_count,
                           image_count, uploaded_images_count, processed_images_count, enabled_qa,
                           time_to_ready_to_download, time_to_completed, created_at, updated_at, qa_stage_since)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'Demo Studio', $15, $16, $17, $18, $18, $18, $19, $20, $21, $22, $22, $23)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        d.id,
        account.id,
        account.displayName,
        account.email,
        d.orderName,
        d.note,
        d.status,
        d.QAstatus,
        sp?.id ?? account.id,
        sp?.name ?? account.displayName,
        sp ? 'SalesPerson' : 'Account',
        sp?.id ?? null,
        sp?.name ?? null,
        DEMO_STYLE_GUIDE_ID,
        d.platform,
        d.appVersion,
        d.status === 'Uploading' ? 4 : d.positions.length,
        images,
        enabledQa,
        ready ? (enabledQa ? 120 * 60 : 9 * 60) : null,
        d.status === 'Completed' ? 26 * 3600 : null,
        createdAt,
        // in QA stage since the pipeline finished (9 minutes after creation): its waiting time in the QA list
        d.status === 'QA stage' ? new Date(createdAt.getTime() + 9 * 60 * 1000) : null,
      ],
    );
    if (!rows.length) return false;

    const order = { id: d.id, accountId: account.id, orderName: d.orderName };
    await this.messaging.outbox.add(m, OrdersEvents.created, {
      orderId: d.id,
      accountId: account.id,
      orderName: d.orderName,
      styleGuideId: DEMO_STYLE_GUIDE_ID,
      salesPersonId: sp?.id ?? null,
      platform: d.platform,
      appVersion: d.appVersion,
      takenImagesCount: d.status === 'Uploading' ? 4 : d.positions.length,
      createdAt: createdAt.toISOString(),
    });
    const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60 * 1000);
    const event = async <N extends OrderEventName>(name: N, payload: OrderEventPayloads[N], user: EventUser, when: Date) => {
      await this.events.append(m, order, name, payload, user, when);
      if (name !== 'UPDATED') return;
      const { from, to } = payload as OrderEventPayloads['UPDATED'];
      await this.messaging.outbox.add(m, OrdersEvents.statusChanged, {
        orderId: d.id,
        accountId: account.id,
        status: to.status,
        QAstatus: to.QAstatus,
        previousStatus: from.status,
        previousQAstatus: from.QAstatus,
        changedBy: user?.id ?? 'lifecycle',
        at: when.toISOString(),
      });
    };
    await event('NEW', { takenImagesCount: d.positions.length || 4, platform: d.platform, ...(sp ? { salesMan: sp.name } : {}) }, sp ? { id: sp.id, displayName: sp.name } : { id: account.id, displayName: account.displayName }, createdAt);
    if (!done) return true;
    const counts = { uploadedCount: images, processedCount: images, failedCount: 0, takenImagesCount: images };
    await event('UPLOAD_COMPLETED', counts, null, at(3));
    await event('UPDATED', { from: { status: 'Uploading', QAstatus: 'Waiting For QA' }, to: { status: 'In Progress', QAstatus: 'Waiting For QA' } }, null, at(3));
    await event('PROCESSING_COMPLETED', counts, null, at(9));
    await event('UPDATED', { from: { status: 'In Progress', QAstatus: 'Waiting For QA' }, to: afterPipeline }, null, at(9));
    if (d.QAstatus === 'Waiting For Edition') {
      const position = d.positions[d.positions.length - 1];
      // the reason is one of the IMAGE_ERROR tags every installation has (migration image-error-tags)
      const [tag]: Array<{ id: string; name: string }> = await m.query(
        `SELECT id, name FROM tag WHERE category = 'IMAGE_ERROR' AND entity = 'image' AND lower(name) = lower('Reflections on the car')`,
      );
      const reason = tag ? { reason: { tagId: tag.id, name: tag.name }, tagId: tag.id, tagName: tag.name, tagCategory: 'IMAGE_ERROR' } : {};
      await event('IMAGE_DECLINED', { imageId: demoImageId(d.id, position), position, ...reason }, qaEditor, at(40));
      await event('UPDATED', { from: afterPipeline, to: { status: d.status, QAstatus: d.QAstatus } }, qaEditor, at(41));
    } else if (afterPipeline.status !== d.status) {
      await event('UPDATED', { from: afterPipeline, to: { status: 'Ready to download', QAstatus: 'Approved' } }, coordinator, at(120));
      if (d.status === 'Completed') {
        await event('UPDATED', { from: { status: 'Ready to download', QAstatus: 'Approved' }, to: { status: d.status, QAstatus: d.QAstatus } }, null, at(26 * 60));
      }
    }
    return true;
  }
}
