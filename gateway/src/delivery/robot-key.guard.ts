import { ROBOT_KEY_HEADER } from '@app/contracts';
import { createParamDecorator, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

const keyOf = (req: Request): string | null => {
  const value = req.headers[ROBOT_KEY_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null;
};

/**
 * The robot API's sign-in: a robot key in the X-Robot-Key header (a user's access token does
 * not open it). The delivery service checks the key on every call; here only its presence.
 */
@Injectable()
export class RobotKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!keyOf(context.switchToHttp().getRequest<Request>())) throw new UnauthorizedException('A robot key is required in the X-Robot-Key header');
    return true;
  }
}

/** The robot key of the request (checked present by `RobotKeyGuard`). */
export const RobotKey = createParamDecorator((_: unknown, ctx: ExecutionContext): string => keyOf(ctx.switchToHttp().getRequest<Request>()) ?? '');
