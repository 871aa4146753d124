import { DELIVERY_MESSAGES, ROBOT_KEY_HEADER } from '@app/contracts';
import {
  createParamDecorator,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
  type Provider,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { AttemptThrottle } from '../auth/attempt-throttle';
import { clientKey } from '../common/client-key';
import type { GatewayConfig } from '../gateway.config';
import { GATEWAY_CONFIG } from '../messaging/nats.module';

const keyOf = (req: Request): string | null => {
  const value = req.headers[ROBOT_KEY_HEADER];
  // an empty key is no key: the guard refuses it like a missing one
  return typeof value === 'string' && value.length <= 200 ? value : null;
};

const MINUTE = 60_000;

/** The wrong robot keys of each client, counted in this gateway process. */
export class RobotKeyThrottle extends AttemptThrottle {}

export const robotKeyThrottleProvider: Provider = {
  provide: RobotKeyThrottle,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) =>
    new RobotKeyThrottle({
      max: config.ROBOT_KEY_MAX_FAILURES,
      windowMs: 15 * MINUTE,
      lockMs: config.ROBOT_KEY_LOCKOUT_MS,
      maxLockMs: 15 * MINUTE,
      maxKeys: 100_000,
    }),
};

/**
 * The robot API's sign-in: a robot key in the X-Robot-Key header (a user's access token does
 * not open it). The delivery service checks the key on every call; here its presence, and the
 * throttling of wrong keys per client: each request with a key counts before the key is
 * checked, and is taken back unless the answer is 401 (the key was wrong). A client that
 * reached the limit gets 429 with `Retry-After` until its lock ends.
 */
@Injectable()
export class RobotKeyGuard implements CanActivate {
  constructor(@Inject(RobotKeyThrottle) private readonly throttle: RobotKeyThrottle) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (!keyOf(req)) throw new UnauthorizedException('A robot key is required in the X-Robot-Key header');
    const client = clientKey(req);
    const waitMs = this.throttle.admit(client);
    const res = http.getResponse<Response>();
    if (waitMs > 0) {
      res.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
      throw new HttpException(DELIVERY_MESSAGES.robotKeyLimit, HttpStatus.TOO_MANY_REQUESTS);
    }
    res.once('finish', () => {
      if (res.statusCode !== HttpStatus.UNAUTHORIZED) this.throttle.forgive(client);
    });
    return true;
  }
}

/** The robot key of the request (checked present by `RobotKeyGuard`). */
export const RobotKey = createParamDecorator((_: unknown, ctx: ExecutionContext): string => keyOf(ctx.switchToHttp().getRequest<Request>()) ?? '');
