import { createTransport, type Transporter } from 'nodemailer';
import type { MailText } from './mail-templates';

/** The only code that talks to SMTP: sends a rendered mail. */
export class MailSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(to: string, mail: MailText): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject: mail.subject, text: mail.text });
  }

  close(): void {
    this.transport.close();
  }
}
