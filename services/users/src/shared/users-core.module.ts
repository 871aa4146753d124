import { SERVICE_CONFIG, SERVICE_LOGGER } from '@app/service-kit';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { PasswordHasher } from '../auth/password-hasher';
import { MailRepository } from '../mail/mail.repository';
import { Mailer } from '../mail/mailer';
import type { UsersConfig } from '../users.config';

class MailCloser implements OnApplicationShutdown {
  constructor(@Inject(MailRepository) private readonly mail: MailRepository) {}
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
      provide: MailRepository,
      inject: [SERVICE_CONFIG],
      useFactory: (config: UsersConfig) => new MailRepository(config.SMTP_URL, config.MAIL_FROM),
    },
    {
      provide: Mailer,
      inject: [MailRepository, SERVICE_CONFIG, SERVICE_LOGGER],
      useFactory: (repo: MailRepository, config: UsersConfig, logger: Logger) => new Mailer(repo, config.APP_URL, logger),
    },
    MailCloser,
  ],
  exports: [PasswordHasher, MailRepository, Mailer],
})
export class UsersCoreModule {}
