import type { Language } from '@app/contracts';
import type { Logger } from 'pino';
import { renderMail } from './mail-templates';
import type { MailSender } from './mail-sender';

/**
 * The mails the users service sends, in the recipient's language. Mail goes out after the
 * change committed; a failure is logged and reported to the caller as `false` (the admin can
 * resend), never rolled into the change.
 */
export class Mailer {
  constructor(
    private readonly sender: MailSender,
    private readonly appUrl: string,
    private readonly logger: Logger,
  ) {}

  private async send(to: string, kind: Parameters<typeof renderMail>[0], language: Language, vars: Record<string, string>): Promise<boolean> {
    try {
      await this.sender.send(to, renderMail(kind, language, { url: this.appUrl, ...vars }));
      this.logger.info({ mail: kind, to }, 'mail sent');
      return true;
    } catch (err) {
      this.logger.error({ err, mail: kind, to }, 'mail could not be sent');
      return false;
    }
  }

  resetCode(to: string, language: Language, code: string, minutes: number): Promise<boolean> {
    return this.send(to, 'resetCode', language, { code, minutes: String(minutes) });
  }

  temporaryPassword(to: string, language: Language, name: string, password: string): Promise<boolean> {
    return this.send(to, 'temporaryPassword', language, { name, email: to, password });
  }

  salesPersonLogin(to: string, language: Language, name: string, dealership: string, password: string): Promise<boolean> {
    return this.send(to, 'salesPersonLogin', language, { name, dealership, email: to, password });
  }
}
