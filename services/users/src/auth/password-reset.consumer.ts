import { AUTH_DURABLES, AuthEvents } from '@app/contracts';
import { MessagingHost } from '@app/service-kit';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AuthService } from './auth.service';

/**
 * The work of a forgot-password request, after it was answered: the code for the login with
 * the e-mail, if one has it, and its mail. The answer itself did the same whatever the e-mail,
 * so its time says nothing about which e-mails have an account.
 */
@Injectable()
export class PasswordResetConsumer implements OnModuleInit {
  constructor(
    private readonly host: MessagingHost,
    private readonly auth: AuthService,
  ) {}

  onModuleInit(): void {
    this.host.on(AuthEvents.passwordResetRequested, AUTH_DURABLES.passwordReset, (e, ctx) => this.auth.sendResetCode(ctx.manager, e.email));
  }
}
