import { AuthRpc, type RpcEnvelope, type ValidateSessionPayload } from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AccountsService } from '../accounts/accounts.service';
import { AuthService } from './auth.service';

/**
 * The two reads behind every signed-in request: the gateway's session check when its cache
 * cannot answer, and `GET /api/me`. They change nothing a session check answers, so this
 * controller alone goes without `SessionChangeInterceptor` (every other controller of the
 * service has it): each interceptor in Nest's chain costs the call some 15 µs of CPU even when
 * it only passes the call on. Only reads belong here (session-change.interceptor.spec.ts
 * checks).
 */
@Controller()
export class SessionReadsMessagesController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
  ) {}

  @RpcHandler(AuthRpc.validateSession)
  validateSession(@Payload() { data }: RpcEnvelope<ValidateSessionPayload>) {
    return this.auth.validateSession(data);
  }

  @RpcHandler(AuthRpc.me)
  me(@Payload() { actor }: RpcEnvelope<Record<string, never>>) {
    return this.accounts.me(actor);
  }
}
