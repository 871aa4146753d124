import { anonymousActor, type Actor } from '@app/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { requestIdOf } from './request-id';

/**
 * The actor sent with every message to a service: the signed-in user's id (and the sales
 * person's, when one signed in), role and permissions with this request's id, or an anonymous
 * actor on public routes.
 */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
  const requestId = requestIdOf(req);
  if (!req.user) return anonymousActor(requestId);
  const { userId, role, permissions, salesPersonId } = req.user;
  return { userId, role, permissions, salesPersonId, requestId };
});
