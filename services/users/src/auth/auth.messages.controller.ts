import {
  AuthRpc,
  type ConfirmForgotPasswordPayload,
  type ForgotPasswordPayload,
  type LoginPayload,
  type NewPasswordPayload,
  type RefreshBody,
  type RpcEnvelope,
  type SessionIdPayload,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AuthService } from './auth.service';
import { SessionChangeInterceptor } from './session-change.interceptor';

/** Sign-in, sessions and password resets; the two reads of every signed-in request are in `SessionReadsMessagesController`. */
@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class AuthMessagesController {
  constructor(private readonly auth: AuthService) {}

  @RpcHandler(AuthRpc.login)
  login(@Payload() { data }: RpcEnvelope<LoginPayload>) {
    return this.auth.login(data);
  }

  @RpcHandler(AuthRpc.completeNewPassword)
  completeNewPassword(@Payload() { data }: RpcEnvelope<NewPasswordPayload>) {
    return this.auth.completeNewPassword(data);
  }

  @RpcHandler(AuthRpc.refresh)
  refresh(@Payload() { data }: RpcEnvelope<RefreshBody>) {
    return this.auth.refresh(data.refreshToken);
  }

  @RpcHandler(AuthRpc.logout)
  logout(@Payload() { data }: RpcEnvelope<SessionIdPayload>) {
    return this.auth.logout(data.sessionId);
  }

  @RpcHandler(AuthRpc.forgotPassword)
  forgotPassword(@Payload() { data }: RpcEnvelope<ForgotPasswordPayload>) {
    return this.auth.forgotPassword(data);
  }

  @RpcHandler(AuthRpc.confirmForgotPassword)
  confirmForgotPassword(@Payload() { data }: RpcEnvelope<ConfirmForgotPasswordPayload>) {
    return this.auth.confirmForgotPassword(data);
  }
}
