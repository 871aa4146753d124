import { formatValidationErrors, type EventDef } from '@app/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

/**
 * An event's payload checked against its contract class. A message that breaks the contract
 * throws: the consumer offers it again and, after its last try, parks it on the dead-letter
 * stream with the reason.
 */
export async function eventPayload<P extends object>(def: EventDef<P>, raw: unknown): Promise<P> {
  const payload = plainToInstance(def.payload as new () => P, raw ?? {});
  const errors = await validate(payload);
  if (errors.length) throw new Error(`${def.subject}: ${formatValidationErrors(errors)}`);
  return payload;
}
