import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { formatValidationErrors, isPhone, isPlainEmail, NewPasswordBody, SalesPersonInput, SalesPersonPatch } from '@app/contracts';

/** the message a request with this body is refused with, or null when it is taken */
async function refusal<T extends object>(cls: new () => T, body: object): Promise<string | null> {
  const errors = await validate(plainToInstance(cls, body), { whitelist: true, forbidNonWhitelisted: true });
  return errors.length ? formatValidationErrors(errors) : null;
}

describe('isPhone: digits, spaces, one leading plus, hyphens only after a plus', () => {
  it.each(['+45 20 30 40 50', '20304050', '+1-555-0100', '+36 1 234 5678', '5'])('takes %s', (phone) => {
    expect(isPhone(phone)).toBe(true);
  });

  it.each([
    ['a hyphen without a leading plus', '555-0100'],
    ['a plus that does not lead', '45+20304050'],
    ['two pluses', '++4520304050'],
    ['letters', '+45 CALL ME'],
    ['brackets', '+45 (20) 30 40 50'],
    ['no digit at all', '+ - '],
    ['nothing', ''],
  ])('refuses %s (%s)', (_what, phone) => {
    expect(isPhone(phone)).toBe(false);
  });
});

describe('isPlainEmail: a sales person\'s e-mail', () => {
  it.each(['anna.sales@example.com', 'a@b.dk', 'first_last+tag@mail.example.co.uk', 'x%y@host-name.org'])('takes %s', (email) => {
    expect(isPlainEmail(email)).toBe(true);
  });

  it.each([
    ['nothing before the @', '@example.com'],
    ['no @', 'anna.example.com'],
    ['no dot after the @', 'anna@example'],
    ['a dot at the end', 'anna@example.com.'],
    ['two dots in a row', 'anna..sales@example.com'],
    ['a space', 'anna sales@example.com'],
    ['two @', 'anna@sales@example.com'],
    ['a character outside the plain set', 'anna!@example.com'],
  ])('refuses %s (%s)', (_what, email) => {
    expect(isPlainEmail(email)).toBe(false);
  });
});

describe('a sales person as entered', () => {
  const anna = { name: 'Anna Sales', email: 'anna@example.com', phone: '+45 20 30 40 50' };

  it('is taken with its e-mail trimmed and lower-cased and its phone trimmed', async () => {
    expect(await refusal(SalesPersonInput, { ...anna, email: '  Anna@Example.COM ', phone: ' 20304050 ' })).toBeNull();
    const input = plainToInstance(SalesPersonInput, { ...anna, email: '  Anna@Example.COM ', phone: ' 20304050 ' });
    expect(input).toMatchObject({ email: 'anna@example.com', phone: '20304050' });
  });

  it('is refused with a message naming the field for a bad phone or e-mail', async () => {
    expect(await refusal(SalesPersonInput, { ...anna, phone: '555-0100' })).toBe('phone may hold only digits, spaces, one leading + and hyphens after a +');
    expect(await refusal(SalesPersonInput, { ...anna, email: 'anna@example' })).toBe('email must be a valid e-mail address');
    expect(await refusal(SalesPersonPatch, { phone: 'call me' })).toBe('phone may hold only digits, spaces, one leading + and hyphens after a +');
  });

  it('needs a name of 3 characters or more, not counting the spaces around it', async () => {
    expect(await refusal(SalesPersonInput, { ...anna, name: 'Bob' })).toBeNull();
    expect(await refusal(SalesPersonInput, { ...anna, name: '  Bo  ' })).toBe('name must be longer than or equal to 3 characters');
  });

  it('takes a phone of 30 characters and refuses one of 31', async () => {
    expect(await refusal(SalesPersonInput, { ...anna, phone: '1'.repeat(30) })).toBeNull();
    expect(await refusal(SalesPersonInput, { ...anna, phone: '1'.repeat(31) })).toBe('phone must be shorter than or equal to 30 characters');
  });
});

describe('IsStrongPassword: a new password', () => {
  const session = 's'.repeat(20);

  it('is refused with the rule when it breaks it, also when it is not text', async () => {
    const rule = 'Password must be 10 to 50 characters long and contain an upper-case letter, a lower-case letter, a digit and a special character.';
    expect(await refusal(NewPasswordBody, { session, newPassword: 'short1!A' })).toBe(rule);
    expect(await refusal(NewPasswordBody, { session, newPassword: 1234567890 })).toBe(rule);
  });

  it('is taken when it meets the rule', async () => {
    expect(await refusal(NewPasswordBody, { session, newPassword: 'Abcdefgh1!' })).toBeNull();
  });
});
