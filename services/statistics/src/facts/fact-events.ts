import { checkPayload } from '@app/contracts';
import { factKindOf, FACTS, type FactEvent } from './facts';

export { factKindOf, salesPersonOf, timelineDetails, type FactEvent, type FactKind, type TimelineDetails } from './facts';

/**
 * Checks an event against its contract class (as every consumer does: an object, safe text,
 * every rule of the class; fields it does not declare are kept and ignored). Answers the fact
 * event, or the problem in one sentence; a subject the service does not read is `skip`. The
 * statistics service never asks another service: everything a dashboard shows comes from the
 * events of FACTS (or from a service's backfill of the same events, docs/statistics.md "Rebuild").
 */
export async function toFactEvent(
  subject: string,
  data: unknown,
  where: { id: string; seq: number; storedAt: Date | null },
): Promise<{ event: FactEvent } | { problem: string } | 'skip'> {
  const kind = factKindOf(subject);
  if (!kind) return 'skip';
  const checked = await checkPayload(FACTS[kind].event.payload as new () => object, data, { unknownFields: 'keep' });
  if (checked.problem !== undefined) return { problem: checked.problem };
  return { event: { kind, payload: checked.value, ...where } as FactEvent };
}
