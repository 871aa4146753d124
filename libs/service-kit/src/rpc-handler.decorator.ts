import type { RpcDef, RpcEnvelope } from '@app/contracts';
import { applyDecorators, UsePipes } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { EnvelopePipe } from './envelope.pipe';

/**
 * Registers a method as the handler of a request-reply subject from libs/contracts and
 * checks every message before the method runs (EnvelopePipe): the actor, and `data` against
 * the definition's payload class; a bad message is answered 400. The method's `@Payload()`
 * parameter is the checked `{ actor, data }`, `data` an instance of the payload class. The
 * method names that class once, in the parameter's type; it does not compile when the
 * parameter cannot take the definition's payload or the result is not the definition's:
 *
 *   @RpcHandler(OrdersRpc.update)
 *   update(@Payload() { actor, data }: RpcEnvelope<UpdateOrderPayload>) { … }
 */
export function RpcHandler<P, R>(def: RpcDef<P, R>) {
  const decorate = applyDecorators(MessagePattern(def.subject), UsePipes(new EnvelopePipe(def.payload as RpcDef<object, R>['payload'])));
  return <M extends (envelope: RpcEnvelope<P>, ...rest: never[]) => R | Promise<R>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    decorate(target, key, descriptor);
  };
}
