import { findUnsafeText, formatValidationErrors, type Class } from '@app/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

export type PayloadCheck<T> = { value: T; problem?: undefined } | { value?: undefined; problem: string };

export interface PayloadCheckOptions {
  /**
   * `refuse`: a field the class does not declare is an error (requests: a caller's typo or
   * probe is answered 400). `keep`: it is left on the value and ignored (events: a newer
   * producer may add a field before every consumer knows it).
   */
  unknownFields: 'refuse' | 'keep';
}

/**
 * A message's payload checked against its contract class: an object (not null, not a list),
 * no NUL character or unpaired surrogate in any of its strings or keys, and every rule of the
 * class. Answers the instance of the class, or the problem in one sentence naming the fields.
 * Request-reply messages (EnvelopePipe) and events (`MessagingHost.on`) are both checked here.
 */
export async function checkPayload<T extends object>(payloadClass: Class<T>, raw: unknown, opts: PayloadCheckOptions): Promise<PayloadCheck<T>> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { problem: 'Malformed message: data must be an object' };
  }
  const unsafe = findUnsafeText(raw);
  if (unsafe) return { problem: unsafe };
  const value = plainToInstance(payloadClass as new () => T, raw);
  const errors = await validate(value, opts.unknownFields === 'refuse' ? { whitelist: true, forbidNonWhitelisted: true } : {});
  if (errors.length) return { problem: formatValidationErrors(errors) };
  return { value };
}
