import { QA_TASK_TAG_CATEGORY, type OrderEventName } from '@app/contracts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A timeline line's payload as the statistics service reads it (the fields documented in
 * `wire/order-events.ts`). Lines written since those fields exist carry them already; older
 * lines get them from what they held, for the export:
 * - `IMAGE_REPUSHED`: `imageId` from the first of `imageIds`;
 * - `IMAGE_DECLINED`: `tagId` and `tagName` from `reason` (a decline's reason is always an
 *   `IMAGE_ERROR` tag);
 * - `QA_PICKED`, `QA_TASK_UPDATED`: `role` `editor` / `coordinator` as `QA_EDITOR` / `QA_COORDINATOR`.
 * Everything else is kept as it is.
 */
export function statisticsPayload(eventName: OrderEventName, payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...payload };
  if (eventName === 'IMAGE_REPUSHED' && out['imageId'] === undefined && Array.isArray(out['imageIds']) && typeof out['imageIds'][0] === 'string') {
    out['imageId'] = out['imageIds'][0];
  }
  const reason = out['reason'];
  if (eventName === 'IMAGE_DECLINED' && out['tagId'] === undefined && isRecord(reason) && typeof reason['tagId'] === 'string') {
    out['tagId'] = reason['tagId'];
    if (typeof reason['name'] === 'string') out['tagName'] = reason['name'];
    out['tagCategory'] = 'IMAGE_ERROR';
  }
  const role = out['role'];
  if ((eventName === 'QA_PICKED' || eventName === 'QA_TASK_UPDATED') && (role === 'editor' || role === 'coordinator')) {
    out['role'] = QA_TASK_TAG_CATEGORY[role];
  }
  return out;
}
