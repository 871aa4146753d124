import { registerDecorator, type ValidationOptions } from 'class-validator';
import { isStrongPassword, PASSWORD_POLICY_MESSAGE } from '../wire/password-policy';
import { isPhone, isPlainEmail } from '../wire/sales-people';

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
