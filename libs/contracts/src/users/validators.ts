import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isStrongPassword, PASSWORD_POLICY_MESSAGE } from './password-policy';

/** The product's password rule as a class-validator decorator. */
export function IsStrongPassword(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isStrongPassword',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: PASSWORD_POLICY_MESSAGE, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isStrongPassword(value) },
    });
}

/**
 * Sales-person e-mail check: one @ after the first character, a dot after
 * it and not at the end, no double dots, no spaces or special characters.
 */
export function isPlainEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value) && !value.includes('..') && value.indexOf('@') > 0;
}

/** Sales-person phone: digits, whitespace, one leading plus, hyphens after a plus. */
export function isPhone(value: string): boolean {
  if (!/^\+?[0-9\s-]+$/.test(value)) return false;
  if (value.includes('-') && !value.startsWith('+')) return false;
  return /[0-9]/.test(value);
}

export function IsPhone(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isPhone',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} may hold only digits, spaces, one leading + and hyphens after a +`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isPhone(value) },
    });
}

export function IsPlainEmail(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isPlainEmail',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} must be a valid e-mail address`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isPlainEmail(value) },
    });
}
