import { Actor, checkPayload, formatValidationErrors, RpcError, type Class, type RpcEnvelope } from '@app/contracts';
import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

/**
 * Validates an incoming `{ actor, data }` message in the service: the actor always, the
 * data against its payload class (unknown fields rejected) after looking through its strings
 * for NUL characters and unpaired surrogates, as the gateway does. Bad input answers 400.
 *
 * `@RpcHandler(def)` binds it to the whole method, and Nest runs a method's pipes on every
 * parameter: only the message (`@Payload()`) is checked; anything else (`@Ctx()`) passes as it is.
 */
export class EnvelopePipe<T extends object> implements PipeTransform<unknown, Promise<unknown>> {
  constructor(private readonly dataClass: Class<T> | null) {}

  async transform(value: unknown, metadata?: ArgumentMetadata): Promise<unknown> {
    // Nest hands a pipe the message (`@Payload()`) as type 'body' and the transport's context
    // (`@Ctx()`) as 'custom'
    if (metadata && metadata.type !== 'body') return value;
    return this.envelope(value);
  }

  private async envelope(value: unknown): Promise<RpcEnvelope<T>> {
    if (typeof value !== 'object' || value === null || !('actor' in value)) {
      throw RpcError.badRequest('Malformed message: expected { actor, data }');
    }
    const raw = value as { actor: unknown; data?: unknown };
    const actor = plainToInstance(Actor, raw.actor ?? {});
    const actorErrors = await validate(actor);
    if (actorErrors.length) throw RpcError.badRequest(`actor: ${formatValidationErrors(actorErrors)}`);
    if (!this.dataClass) return { actor, data: (raw.data ?? {}) as T };
    const checked = await checkPayload(this.dataClass, raw.data, { unknownFields: 'refuse' });
    if (checked.problem !== undefined) throw RpcError.badRequest(checked.problem);
    return { actor, data: checked.value };
  }
}
