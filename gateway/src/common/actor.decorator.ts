import { anonymousActor, type Actor } from '@app/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { requestIdOf } from './request-id';

/**
 * The actor sent with every message to a service: the signed-in user's identity, role and
 * permissions with this request's id, or an anonymous actor on public routes.
 */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const req = ctx.switchToHttp().getRequest<Request & { user?: Omit<Actor, 'requestId'> }>();
  const requestId = requestIdOf(req);
  return req.user ? { ...req.user, requestId } : anonymousActor(requestId);
});
