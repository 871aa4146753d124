import {
  AuthRpc,
  ConfirmForgotPasswordPayload,
  ForgotPasswordPayload,
  LoginPayload,
  NewPasswordPayload,
  RefreshBody,
  SessionIdPayload,
  ValidateSessionPayload,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { AuthService } from './auth.service';

@Controller()
export class AuthMessagesController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
  ) {}

  @RpcHandler(AuthRpc.login)
  login(@Envelope(LoginPayload) { data }: RpcEnvelope<LoginPayload>) {
    return this.auth.login(data);
  }

  @RpcHandler(AuthRpc.completeNewPassword)
  completeNewPassword(@Envelope(NewPasswordPayload) { data }: RpcEnvelope<NewPasswordPayload>) {
    return this.auth.completeNewPassword(data);
  }

  @RpcHandler(AuthRpc.refresh)
  refresh(@Envelope(RefreshBody) { data }: RpcEnvelope<RefreshBody>) {
    return this.auth.refresh(data.refreshToken);
  }

  @RpcHandler(AuthRpc.logout)
  logout(@Envelope(SessionIdPayload) { data }: RpcEnvelope<SessionIdPayload>) {
    return this.auth.logout(data.sessionId);
  }

  @RpcHandler(AuthRpc.validateSession)
  validateSession(@Envelope(ValidateSessionPayload) { data }: RpcEnvelope<ValidateSessionPayload>) {
    return this.auth.validateSession(data);
  }

  @RpcHandler(AuthRpc.forgotPassword)
  forgotPassword(@Envelope(ForgotPasswordPayload) { data }: RpcEnvelope<ForgotPasswordPayload>) {
    return this.auth.forgotPassword(data);
  }

  @RpcHandler(AuthRpc.confirmForgotPassword)
  confirmForgotPassword(@Envelope(ConfirmForgotPasswordPayload) { data }: RpcEnvelope<ConfirmForgotPasswordPayload>) {
    return this.auth.confirmForgotPassword(data);
  }

  @RpcHandler(AuthRpc.me)
  me(@Envelope() { actor }: RpcEnvelope<Record<string, never>>) {
    return this.accounts.me(actor);
  }
}
