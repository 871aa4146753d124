import { clampPage, PAGE_SIZE, type DeliveryMessageListQuery, type DeliveryState, type IntegrationType, type OrderDeliveryState } from '@app/contracts';
import { escapeLike } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { DeliveryMessage } from './delivery-message.entity';

/** Active and takeable: queued or delivering, and visible or past its lease or backoff. */
const TAKEABLE = `m.state IN ('queued','delivering') AND (m.visible OR m.visible_after <= now())`;

export type NewDeliveryMessage = Pick<
  DeliveryMessage,
  'orderId' | 'orderName' | 'accountId' | 'integrationId' | 'provider' | 'integrationType'
>;

/** Who claims: the worker takes push types, a robot the messages of its integration. */
export type ClaimScope = { types: readonly IntegrationType[] } | { integrationId: string };

/** The delivery messages (`delivery_message`). */
@Injectable()
export class DeliveryMessagesRepository {
  /**
   * The active messages by state and the age of the oldest, for the metrics: it reads only
   * the rows of the partial index `delivery_message_claim` (queued or delivering), however
   * many delivered messages the table keeps.
   */
  async activeBacklog(m: EntityManager): Promise<{ queued: number; delivering: number; oldestAgeSeconds: number }> {
    const rows = (await m.query(
      `SELECT state, count(*)::int AS n, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS age
         FROM delivery_message WHERE state IN ('queued','delivering') GROUP BY state`,
    )) as Array<{ state: 'queued' | 'delivering'; n: number; age: number }>;
    const of = (state: string) => rows.find((r) => r.state === state);
    return {
      queued: of('queued')?.n ?? 0,
      delivering: of('delivering')?.n ?? 0,
      oldestAgeSeconds: Math.max(0, ...rows.map((r) => r.age)),
    };
  }

  findById(m: EntityManager, id: string, lock = false): Promise<DeliveryMessage | null> {
    return m.findOne(DeliveryMessage, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  findByIds(m: EntityManager, ids: string[]): Promise<DeliveryMessage[]> {
    return ids.length ? m.find(DeliveryMessage, { where: { id: In(ids) }, order: { createdAt: 'ASC', id: 'ASC' } }) : Promise.resolve([]);
  }

  /** The order's messages, oldest first. */
  ofOrder(m: EntityManager, orderId: string): Promise<DeliveryMessage[]> {
    return m.find(DeliveryMessage, { where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Enqueues of one order wait for each other until the transaction ends. */
  async lockOrderForEnqueue(m: EntityManager, orderId: string): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`delivery-enqueue:${orderId}`]);
  }

  /**
   * Remembers that the order was queued automatically to these integrations (`auto_delivery`)
   * and answers those it was not before: each order and integration once, whatever happens later.
   */
  async claimAutoDelivery(m: EntityManager, orderId: string, accountId: string, integrationIds: string[]): Promise<string[]> {
    const rows = (await m.query(
      `INSERT INTO auto_delivery (order_id, account_id, integration_id)
       SELECT $1, $2, unnest($3::uuid[])
       ON CONFLICT (order_id, integration_id) DO NOTHING
       RETURNING integration_id`,
      [orderId, accountId, integrationIds],
    )) as Array<{ integration_id: string }>;
    return rows.map((r) => r.integration_id);
  }

  /** The newest message of the order to the integration, locked. */
  latestOf(m: EntityManager, orderId: string, integrationId: string): Promise<DeliveryMessage | null> {
    return m.findOne(DeliveryMessage, {
      where: { orderId, integrationId },
      order: { createdAt: 'DESC', id: 'DESC' },
      lock: { mode: 'pessimistic_write' as const },
    });
  }

  insert(m: EntityManager, fields: NewDeliveryMessage): Promise<DeliveryMessage> {
    return m.save(
      DeliveryMessage,
      m.create(DeliveryMessage, { ...fields, state: 'queued', visible: true, visibleAfter: new Date(), attempts: 0, lastError: null, leaseHolder: null, lastAccessed: null }),
    );
  }

  save(m: EntityManager, msg: DeliveryMessage): Promise<DeliveryMessage> {
    return m.save(DeliveryMessage, msg);
  }

  /** Removes the message (and its receipts); what it was, or null when there was none. */
  async delete(
    m: EntityManager,
    id: string,
  ): Promise<{ orderId: string; accountId: string; integrationId: string; provider: string; state: DeliveryState } | null> {
    const rows = (await m.query('DELETE FROM delivery_message WHERE id = $1 RETURNING order_id, account_id, integration_id, provider, state', [id])) as [
      Array<{ order_id: string; account_id: string; integration_id: string; provider: string; state: DeliveryState }>,
      number,
    ];
    const row = rows[0]?.[0];
    return row ? { orderId: row.order_id, accountId: row.account_id, integrationId: row.integration_id, provider: row.provider, state: row.state } : null;
  }

  /** Removes every message (and receipt) of the order; answers how many. */
  async deleteOfOrder(m: EntityManager, orderId: string): Promise<number> {
    await m.query('DELETE FROM auto_delivery WHERE order_id = $1', [orderId]);
    const res = (await m.query('DELETE FROM delivery_message WHERE order_id = $1 RETURNING id', [orderId])) as [unknown[], number];
    return res[0].length;
  }

  /** Removes every message (and receipt) of the account's orders. */
  async deleteOfAccount(m: EntityManager, accountId: string): Promise<number> {
    await m.query('DELETE FROM auto_delivery WHERE account_id = $1', [accountId]);
    const res = (await m.query('DELETE FROM delivery_message WHERE account_id = $1 RETURNING id', [accountId])) as [unknown[], number];
    return res[0].length;
  }

  /**
   * Takes up to `limit` takeable messages, oldest first, skipping rows another transaction
   * holds (`FOR UPDATE SKIP LOCKED`): they become `delivering`, invisible until `leaseUntil`,
   * held by `holder`. `countAttempt` adds one to their attempts (a worker's try).
   */
  async claim(m: EntityManager, scope: ClaimScope, limit: number, leaseUntil: Date, holder: string, countAttempt: boolean): Promise<DeliveryMessage[]> {
    const filter = 'types' in scope ? 'm.integration_type = ANY($2)' : 'm.integration_id = $2';
    const rows = (await m.query(
      `WITH c AS (
         SELECT m.id FROM delivery_message m WHERE ${TAKEABLE} AND ${filter}
         ORDER BY m.created_at, m.id LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       UPDATE delivery_message t
          SET state = 'delivering', visible = false, visible_after = $3, lease_holder = $4, last_accessed = now(),
              attempts = t.attempts + $5, updated_at = now()
         FROM c WHERE t.id = c.id
       RETURNING t.id`,
      [limit, 'types' in scope ? [...scope.types] : scope.integrationId, leaseUntil, holder, countAttempt ? 1 : 0],
    )) as [Array<{ id: string }>, number];
    return this.findByIds(m, rows[0].map((r) => r.id));
  }

  /** How many messages a worker or robot could take now. */
  async countAvailable(m: EntityManager): Promise<number> {
    const rows = (await m.query(`SELECT count(*)::int AS n FROM delivery_message m WHERE ${TAKEABLE}`)) as Array<{ n: number }>;
    return rows[0].n;
  }

  /** One page, newest first, with the list's filters. */
  async page(m: EntityManager, q: DeliveryMessageListQuery): Promise<{ rows: DeliveryMessage[]; total: number }> {
    const qb = m.createQueryBuilder(DeliveryMessage, 'm').orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC');
    if (q.search) qb.andWhere('lower(m.order_name) LIKE :s', { s: `%${escapeLike(q.search.toLowerCase())}%` });
    if (q.state) qb.andWhere('m.state = :state', { state: q.state });
    if (q.provider) qb.andWhere('m.provider = :provider', { provider: q.provider });
    if (q.integrationType) qb.andWhere('m.integration_type = :type', { type: q.integrationType });
    if (q.orderId) qb.andWhere('m.order_id = :orderId', { orderId: q.orderId });
    if (q.visible === true) qb.andWhere(TAKEABLE);
    if (q.visible === false) qb.andWhere(`NOT (${TAKEABLE})`);
    const total = await qb.getCount();
    const page = clampPage(q.page, total);
    const rows = await qb.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getMany();
    return { rows, total };
  }

  /** The order's messages counted by state, with the newest error of one that failed or is retrying. */
  async summary(m: EntityManager, orderId: string): Promise<OrderDeliveryState> {
    const rows = (await m.query(
      `SELECT count(*) FILTER (WHERE state IN ('queued','delivering'))::int AS queued,
              count(*) FILTER (WHERE state = 'delivered')::int AS delivered,
              count(*) FILTER (WHERE state = 'failed')::int AS failed,
              (SELECT last_error FROM delivery_message e
                WHERE e.order_id = $1 AND e.last_error IS NOT NULL AND e.state <> 'delivered'
                ORDER BY (e.state = 'failed') DESC, e.updated_at DESC LIMIT 1) AS last_error
         FROM delivery_message WHERE order_id = $1`,
      [orderId],
    )) as Array<{ queued: number; delivered: number; failed: number; last_error: string | null }>;
    const r = rows[0];
    // each destination: the newest message of the order to the integration; the oldest first, those queued together by provider
    const latest = (await m.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (integration_id) id, integration_id, provider, integration_type, state, attempts, last_error, created_at, updated_at
           FROM delivery_message WHERE order_id = $1
          ORDER BY integration_id, created_at DESC, id DESC) d
        ORDER BY d.created_at, d.provider, d.id`,
      [orderId],
    )) as Array<{
      id: string;
      integration_id: string;
      provider: string;
      integration_type: IntegrationType;
      state: DeliveryState;
      attempts: number;
      last_error: string | null;
      updated_at: Date;
    }>;
    return {
      queued: r.queued,
      delivered: r.delivered,
      failed: r.failed,
      lastError: r.last_error,
      destinations: latest.map((d) => ({
        messageId: d.id,
        integrationId: d.integration_id,
        provider: d.provider,
        integrationType: d.integration_type,
        state: d.state,
        attempts: d.attempts,
        lastError: d.state === 'delivered' ? null : d.last_error,
        updatedAt: new Date(d.updated_at).toISOString(),
      })),
    };
  }
}
