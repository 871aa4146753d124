/** What the metrics read of a service's outbox: events not published yet and the oldest one's age. */
export interface OutboxBacklog {
  unsent: number;
  /** seconds since the oldest unsent event was written, 0 when none waits */
  oldestAgeSeconds: number;
}

/**
 * The backlog query. It reads only the partial index of unsent rows (`outbox_unsent_idx`,
 * `WHERE sent_at IS NULL`), never the published rows the outbox keeps for a week, so it
 * costs the same on a scrape whatever the table's size.
 */
export function outboxBacklogSql(schema: string): string {
  return `SELECT count(*)::int AS unsent, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS age
            FROM "${schema}".outbox WHERE sent_at IS NULL`;
}

export async function readOutboxBacklog(db: { query(sql: string): Promise<unknown> }, schema: string): Promise<OutboxBacklog> {
  const [row] = (await db.query(outboxBacklogSql(schema))) as Array<{ unsent: number; age: number }>;
  return { unsent: row.unsent, oldestAgeSeconds: Math.max(0, row.age) };
}
