import { SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { PasswordHasher } from '../auth/password-hasher';
import { MailSender } from '../mail/mail-sender';
import { Mailer } from '../mail/mailer';
import type { UsersConfig } from '../users.config';

class MailCloser implements OnApplicationShutdown {
  constructor(@Inject(MailSender) private readonly mail: MailSender) {}
  onApplicationShutdown(): void {
    this.mail.close();
  }
}

/** What the users service's features share: config-driven password hashing and mail. */
@Global()
@Module({
  providers: [
    {
      provide: PasswordHasher,
      inject: [SERVICE_CONFIG],
      useFactory: (config: UsersConfig) => new PasswordHasher(config.PASSWORD_HASH_COST),
    },
    {
      provide: MailSender,
      inject: [SERVICE_CONFIG],
      useFactory: (config: UsersConfig) => new MailSender(config.SMTP_URL, config.MAIL_FROM),
    },
    {
      provide: Mailer,
      inject: [MailSender, SERVICE_CONFIG, SERVICE_LOGGER],
      useFactory: (sender: MailSender, config: UsersConfig, logger: Logger) => new Mailer(sender, config.APP_URL, logger),
    },
    MailCloser,
  ],
  exports: [PasswordHasher, MailSender, Mailer],
})
export class UsersCoreModule {}
