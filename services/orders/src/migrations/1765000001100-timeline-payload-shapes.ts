import { createHash } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Brings the timeline lines written before a payload took its present shape to that shape
 * (`OrderEventPayloads` in the contracts), once, so every reader takes a stored payload as its
 * event's type and none keeps a fallback:
 * - `IMAGE_REPUSHED` without `imageId`: the first of its `imageIds`;
 * - `IMAGE_DECLINED` with `reason: {tagId, name}` but without the flat `tagId`, `tagName`,
 *   `tagCategory` (`IMAGE_ERROR`, the only reason a decline takes): added from the reason;
 * - `IMAGE_DECLINED` with a text reason (only the development demo wrote one): the IMAGE_ERROR
 *   tag of that name as the reason when there is one, else no reason; a demo decline without
 *   `imageId` gets the demo picture's id (the demo's fixed ids: order `…-8003-…`, picture by
 *   order and position);
 * - `QA_PICKED`, `QA_TASK_UPDATED` with `role` `editor` / `coordinator`: `QA_EDITOR` /
 *   `QA_COORDINATOR`, the role's tag category, as written since;
 * - `DOWNLOADED` without `fileCount`: its `imageCount`, which then counted the zip's files.
 * What older lines cannot be given stays absent and is optional in the type: a repush's
 * `position` and `category`, a pick's tag, a deleted order's `created`. Not reversible: the
 * older shapes carried nothing the new ones lack.
 */
export class TimelinePayloadShapes1765000001100 implements MigrationInterface {
  name = 'TimelinePayloadShapes1765000001100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE order_event SET payload = payload || jsonb_build_object('imageId', payload->'imageIds'->0)
        WHERE event_name = 'IMAGE_REPUSHED' AND NOT payload ? 'imageId'
          AND jsonb_typeof(payload->'imageIds') = 'array' AND jsonb_array_length(payload->'imageIds') > 0`,
    );
    await q.query(
      `UPDATE order_event e
          SET payload = (e.payload - 'reason') || jsonb_build_object('reason', jsonb_build_object('tagId', t.id, 'name', t.name))
         FROM tag t
        WHERE e.event_name = 'IMAGE_DECLINED' AND jsonb_typeof(e.payload->'reason') = 'string'
          AND t.category = 'IMAGE_ERROR' AND t.entity = 'image' AND lower(t.name) = lower(e.payload->>'reason')`,
    );
    await q.query(`UPDATE order_event SET payload = payload - 'reason' WHERE event_name = 'IMAGE_DECLINED' AND jsonb_typeof(payload->'reason') = 'string'`);
    await q.query(
      `UPDATE order_event
          SET payload = payload || jsonb_build_object('tagId', payload->'reason'->'tagId', 'tagName', payload->'reason'->'name', 'tagCategory', 'IMAGE_ERROR')
        WHERE event_name = 'IMAGE_DECLINED' AND jsonb_typeof(payload->'reason') = 'object' AND NOT payload ? 'tagId'`,
    );
    const demoDeclines: Array<{ id: string; orderId: string; position: number }> = await q.query(
      `SELECT id, order_id AS "orderId", (payload->>'position')::int AS position FROM order_event
        WHERE event_name = 'IMAGE_DECLINED' AND NOT payload ? 'imageId' AND jsonb_typeof(payload->'position') = 'number'
          AND order_id::text LIKE '00000000-0000-4000-8003-%'`,
    );
    for (const d of demoDeclines) {
      const imageId = `00000000-0000-4000-8004-${createHash('sha1').update(`${d.orderId}:${d.position}`).digest('hex').slice(0, 12)}`;
      await q.query(`UPDATE order_event SET payload = payload || jsonb_build_object('imageId', $2::text) WHERE id = $1`, [d.id, imageId]);
    }
    for (const [role, category] of [['editor', 'QA_EDITOR'], ['coordinator', 'QA_COORDINATOR']]) {
      await q.query(
        `UPDATE order_event SET payload = jsonb_set(payload, '{role}', to_jsonb($2::text))
          WHERE event_name IN ('QA_PICKED', 'QA_TASK_UPDATED') AND payload->>'role' = $1`,
        [role, category],
      );
    }
    await q.query(
      `UPDATE order_event SET payload = payload || jsonb_build_object('fileCount', payload->'imageCount')
        WHERE event_name = 'DOWNLOADED' AND NOT payload ? 'fileCount' AND payload ? 'imageCount'`,
    );
  }

  async down(): Promise<void> {
    // the present shapes hold everything the older ones did: nothing to undo
  }
}
