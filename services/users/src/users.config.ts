import { DatabaseConfig } from '@app/config';
import { IsEmail, Matches } from 'class-validator';

/** Environment of the users service (see the configuration table in the README). */
export class UsersConfig extends DatabaseConfig {
  /** Outgoing mail (sign-in codes, temporary passwords): smtp://user:pass@host:port */
  @Matches(/^smtps?:\/\/\S+$/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL!: string;

  @IsEmail()
  MAIL_FROM: string = 'no-reply@dealer-photo.local';
}
