import { createLogger } from '@app/logging';
import { Mailer } from './mailer';
import type { MailText } from './mail-templates';
import type { MailSender } from './mail-sender';

function mailer(fail = false) {
  const sent: Array<{ to: string; mail: MailText }> = [];
  const sender = {
    send: async (to: string, mail: MailText) => {
      if (fail) throw new Error('SMTP server refused the connection');
      sent.push({ to, mail });
    },
  } as unknown as MailSender;
  return { mailer: new Mailer(sender, 'https://photos.example', createLogger('test', 'silent')), sent };
}

describe('Mailer: mails go out after the change, and a failure is reported, not thrown', () => {
  it('sends the temporary password with the sign-in address and the e-mail to sign in with', async () => {
    const { mailer: m, sent } = mailer();
    expect(await m.temporaryPassword('dealer@example.com', 'dk', 'Nordic Auto', 'Tmp-Pass-2345!x')).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe('dealer@example.com');
    expect(sent[0].mail.subject).toBe('Din konto er klar');
    expect(sent[0].mail.text).toContain('https://photos.example');
    expect(sent[0].mail.text).toContain('dealer@example.com');
    expect(sent[0].mail.text).toContain('Tmp-Pass-2345!x');
  });

  it('sends the reset code with how many minutes it lasts', async () => {
    const { mailer: m, sent } = mailer();
    await m.resetCode('dealer@example.com', 'en', '004217', 15);
    expect(sent[0].mail.text).toContain('Your verification code is 004217.\nIt is valid for 15 minutes');
  });

  it('names the dealership in a sales person\'s login mail', async () => {
    const { mailer: m, sent } = mailer();
    await m.salesPersonLogin('anna@example.com', 'en', 'Anna Sales', 'Nordic Auto', 'Tmp-Pass-2345!x');
    expect(sent[0].mail.text).toContain('Hello Anna Sales,\nNordic Auto has given you a login.');
  });

  it('answers false when the mail server fails, so the caller can offer to resend', async () => {
    const { mailer: m } = mailer(true);
    await expect(m.temporaryPassword('dealer@example.com', 'en', 'Nordic Auto', 'Tmp-Pass-2345!x')).resolves.toBe(false);
    await expect(m.resetCode('dealer@example.com', 'en', '004217', 15)).resolves.toBe(false);
  });
});
