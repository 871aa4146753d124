import type { Class, RpcDef } from '@app/contracts';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EnvelopePipe } from './envelope.pipe';

/** Registers a method as the handler of a request-reply subject from libs/contracts. */
export function RpcHandler<P, R>(def: RpcDef<P, R>): MethodDecorator {
  return MessagePattern(def.subject);
}

/** The validated `{ actor, data }` of the message, `data` checked against `payload`. */
export function Envelope<T extends object>(payload: Class<T> | null = null): ParameterDecorator {
  return Payload(new EnvelopePipe(payload));
}
