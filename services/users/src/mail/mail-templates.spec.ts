import { LANGUAGES } from '@app/contracts';
import { renderMail, type MailKind } from './mail-templates';

/** what each mail must tell its reader, by the variables the mailer fills in */
const VARS: Record<MailKind, Record<string, string>> = {
  resetCode: { code: '042917', minutes: '15' },
  temporaryPassword: { name: 'Nordic Auto', url: 'https://photos.example', email: 'dealer@example.com', password: 'Tmp-Pass-2345!x' },
  salesPersonLogin: {
    name: 'Anna Sales',
    dealership: 'Nordic Auto',
    url: 'https://photos.example',
    email: 'anna@example.com',
    password: 'Tmp-Pass-2345!x',
  },
};

describe('renderMail: the mails of the users service', () => {
  describe.each(Object.keys(VARS) as MailKind[])('%s', (kind) => {
    it.each([...LANGUAGES])('in %s carries every value the reader needs and no placeholder', (language) => {
      const mail = renderMail(kind, language, VARS[kind]);
      for (const value of Object.values(VARS[kind])) expect(mail.text).toContain(value);
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\{\w+\}/);
    });
  });

  it('writes in the language asked for', () => {
    expect(renderMail('resetCode', 'de', VARS.resetCode).subject).toBe('Ihr Bestätigungscode');
    expect(renderMail('resetCode', 'en', VARS.resetCode).subject).toBe('Your verification code');
  });

  it('writes in English for a language it does not know', () => {
    expect(renderMail('resetCode', 'xx', VARS.resetCode)).toEqual(renderMail('resetCode', 'en', VARS.resetCode));
  });

  it('leaves a placeholder it was given no value for as it is, and a value with braces unread', () => {
    expect(renderMail('resetCode', 'en', { code: '123456' }).text).toContain('{minutes} minutes');
    expect(renderMail('resetCode', 'en', { code: '{minutes}', minutes: '15' }).text).toContain('Your verification code is {minutes}.');
  });
});
