import {
  AuthRpc,
  CLIENT_APP_HEADER,
  ConfirmForgotPasswordBody,
  MOBILE_CLIENT_APP,
  EmailBody,
  LoginBody,
  NewPasswordBody,
  RefreshBody,
  Routes,
  type Actor,
  type MeView,
  type SessionGrant,
  type SignedIn,
  type TokenPair,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Req } from '@nestjs/common';
import { ApiForbiddenResponse, ApiHeader, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentActor } from '../common/actor.decorator';
import { clientKey } from '../common/client-key';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import type { AuthedRequest } from './auth-user';
import { TokenService } from './token.service';

/** Whether the request says it comes from the mobile app (`X-Client-App: mobile`). */
export const fromMobileApp = (req: Request): boolean => req.header(CLIENT_APP_HEADER)?.trim().toLowerCase() === MOBILE_CLIENT_APP;

/**
 * Sign-in. Credentials, sessions and codes are kept by the users
 * service; the gateway signs the access tokens.
 */
@ApiTags('auth')
@ApiErrorResponses()
@Controller()
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tokens: TokenService,
  ) {}

  private async signedIn(grant: SessionGrant, requestId: string): Promise<SignedIn> {
    const actor: Actor = { userId: grant.userId, salesPersonId: grant.salesPersonId, role: 'System', permissions: [], requestId };
    const user = await this.rpc.send(AuthRpc.me, {}, actor);
    return { ...this.tokens.pair(grant), user };
  }

  @Operation(Routes.auth.login)
  @ApiTooManyRequestsResponse({ description: 'too many failed attempts for this e-mail or client' })
  @ApiForbiddenResponse({ description: 'the mobile app signing in to an account without mobile app access' })
  @ApiHeader({ name: 'X-Client-App', required: false, enum: [MOBILE_CLIENT_APP], description: 'sent by the mobile app: the sign-in needs the account\'s mobile app access' })
  async login(@Body() body: LoginBody, @Req() req: Request, @CurrentActor() actor: Actor) {
    const result = await this.rpc.send(AuthRpc.login, { ...body, clientKey: clientKey(req), ...(fromMobileApp(req) ? { app: MOBILE_CLIENT_APP } : {}) }, actor);
    if (result.kind === 'challenge') return { challenge: result.challenge, session: result.session };
    return this.signedIn(result.grant, actor.requestId);
  }

  @Operation(Routes.auth.newPassword)
  async newPassword(@Body() body: NewPasswordBody, @Req() req: Request, @CurrentActor() actor: Actor): Promise<SignedIn> {
    const grant = await this.rpc.send(AuthRpc.completeNewPassword, { ...body, clientKey: clientKey(req) }, actor);
    return this.signedIn(grant, actor.requestId);
  }

  @Operation(Routes.auth.forgotPassword)
  @ApiTooManyRequestsResponse({ description: 'too many requests for this e-mail or from this client' })
  async forgotPassword(@Body() body: EmailBody, @Req() req: Request, @CurrentActor() actor: Actor) {
    await this.rpc.send(AuthRpc.forgotPassword, { ...body, clientKey: clientKey(req) }, actor);
    return { sent: true as const };
  }

  @Operation(Routes.auth.confirmForgotPassword)
  async confirmForgotPassword(@Body() body: ConfirmForgotPasswordBody, @Req() req: Request, @CurrentActor() actor: Actor) {
    return this.rpc.send(AuthRpc.confirmForgotPassword, { ...body, clientKey: clientKey(req) }, actor);
  }

  @Operation(Routes.auth.refresh)
  async refresh(@Body() body: RefreshBody, @CurrentActor() actor: Actor): Promise<TokenPair> {
    const grant = await this.rpc.send(AuthRpc.refresh, body, actor);
    return this.tokens.pair(grant);
  }

  @Operation(Routes.auth.logout)
  async logout(@Req() req: AuthedRequest, @CurrentActor() actor: Actor) {
    return this.rpc.send(AuthRpc.logout, { sessionId: req.user.sessionId }, actor);
  }

  @Operation(Routes.auth.me)
  me(@CurrentActor() actor: Actor): Promise<MeView> {
    return this.rpc.send(AuthRpc.me, {}, actor);
  }
}
