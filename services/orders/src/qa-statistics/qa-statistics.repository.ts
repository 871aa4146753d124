import type { RejectionReasonRow } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * What the QA dashboards count on the timeline (`order_event`, with each event's order for its
 * style guide). Reads only.
 */
@Injectable()
export class QaStatisticsRepository {
  /**
   * Rejection reasons in [from, before): QA's declines that name a reason (the IMAGE_ERROR tag
   * chosen, `payload.reason.name`) and the dealerships' re-edit requests (`payload.reason`),
   * counted per style guide, source and reason. One statement over the partial index
   * `order_event_rejection_idx` (only these two events, by time); events of deleted orders
   * are left out with their orders.
   */
  async rejectionReasons(m: EntityManager, from: Date, before: Date): Promise<RejectionReasonRow[]> {
    const rows: RejectionReasonRow[] = await m.query(
      `SELECT r.style_guide_id AS "styleGuideId", max(r.style_guide_name) AS "styleGuideName", r.source, r.reason, count(*)::int AS count
         FROM (SELECT o.style_guide_id, o.style_guide_name,
                      CASE WHEN e.event_name = 'RE_EDIT_REQUESTED' THEN 'dealership' ELSE 'qa' END AS source,
                      CASE WHEN e.event_name = 'RE_EDIT_REQUESTED' THEN e.payload->>'reason' ELSE e.payload->'reason'->>'name' END AS reason
                 FROM order_event e
                 JOIN orders o ON o.id = e.order_id
                WHERE e.event_name IN ('IMAGE_DECLINED', 'RE_EDIT_REQUESTED')
                  AND e.created_at >= $1 AND e.created_at < $2) r
        WHERE r.reason IS NOT NULL AND r.reason <> ''
        GROUP BY r.style_guide_id, r.source, r.reason
        ORDER BY count DESC, "styleGuideName", r.source, r.reason`,
      [from, before],
    );
    return rows;
  }
}
