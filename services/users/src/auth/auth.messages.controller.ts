import {
  AuthRpc,
  type ConfirmForgotPasswordPayload,
  type ForgotPasswordPayload,
  type LoginPayload,
  type NewPasswordPayload,
  type RefreshBody,
  type RpcEnvelope,
  type SessionIdPayload,
  type ValidateSessionPayload,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AccountsService } from '../accounts/accounts.service';
import { AuthService } from './auth.service';

@Controller()
export class AuthMessagesController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
  ) {}

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

  @RpcHandler(AuthRpc.validateSession)
  validateSession(@Payload() { data }: RpcEnvelope<ValidateSessionPayload>) {
    return this.auth.validateSession(data);
  }

  @RpcHandler(AuthRpc.forgotPassword)
  forgotPassword(@Payload() { data }: RpcEnvelope<ForgotPasswordPayload>) {
    return this.auth.forgotPassword(data);
  }

  @RpcHandler(AuthRpc.confirmForgotPassword)
  confirmForgotPassword(@Payload() { data }: RpcEnvelope<ConfirmForgotPasswordPayload>) {
    return this.auth.confirmForgotPassword(data);
  }

  @RpcHandler(AuthRpc.me)
  me(@Payload() { actor }: RpcEnvelope<Record<string, never>>) {
    return this.accounts.me(actor);
  }
}
