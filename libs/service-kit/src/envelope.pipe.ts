import { Actor, findUnsafeText, formatValidationErrors, RpcError, type Class, type RpcEnvelope } from '@app/contracts';
import type { PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

/**
 * Validates an incoming `{ actor, data }` message in the service: the actor always, the
 * data against its payload class (unknown fields rejected) after looking through its strings
 * for NUL characters and unpaired surrogates, as the gateway does. Bad input answers 400.
 */
export class EnvelopePipe<T extends object> implements PipeTransform<unknown, Promise<RpcEnvelope<T>>> {
  constructor(private readonly dataClass: Class<T> | null) {}

  async transform(value: unknown): Promise<RpcEnvelope<T>> {
    if (typeof value !== 'object' || value === null || !('actor' in value)) {
      throw RpcError.badRequest('Malformed message: expected { actor, data }');
    }
    const raw = value as { actor: unknown; data?: unknown };
    const actor = plainToInstance(Actor, raw.actor ?? {});
    const actorErrors = await validate(actor);
    if (actorErrors.length) throw RpcError.badRequest(`actor: ${formatValidationErrors(actorErrors)}`);
    if (!this.dataClass) return { actor, data: (raw.data ?? {}) as T };
    if (typeof raw.data !== 'object' || raw.data === null || Array.isArray(raw.data)) {
      throw RpcError.badRequest('Malformed message: data must be an object');
    }
    const unsafe = findUnsafeText(raw.data);
    if (unsafe) throw RpcError.badRequest(unsafe);
    const data = plainToInstance(this.dataClass as new () => T, raw.data);
    const errors = await validate(data, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length) throw RpcError.badRequest(formatValidationErrors(errors));
    return { actor, data };
  }
}
