import { describe, expect, it } from '@jest/globals';
import { meets } from '../../app/access';
import { ADDS_SALES_PEOPLE, isSalesPersonEmail, isSalesPersonName, isSalesPersonPhone, salesPersonInput, validateSalesPerson } from './salesPersonRules';

describe('sales person e-mail', () => {
  it.each(['anna@demo.dk', 'anna.sales@demo.test', 'a@b.co', 'anna+orders@mail.demo.dk', 'anna_s-1%x@demo-auto.dk', 'ANNA@DEMO.DK'])('accepts %s', (email) => {
    expect(isSalesPersonEmail(email)).toBe(true);
  });

  it.each([
    ['no @', 'anna.demo.dk'],
    ['@ as the first character', '@demo.dk'],
    ['two @', 'anna@@demo.dk'],
    ['an @ in the domain', 'anna@demo@x.dk'],
    ['no dot after the @', 'anna@x'],
    ['a dot right after the @', 'anna@.demo.dk'],
    ['a dot at the end', 'anna@demo.dk.'],
    ['double dots in the domain', 'anna@demo..dk'],
    ['double dots before the @', 'anna..sales@demo.dk'],
    ['a space inside', 'anna sales@demo.dk'],
    ['a space around', ' anna@demo.dk'],
    ['a special character before the @', 'anna!@demo.dk'],
    ['a special character in the domain', 'anna@de#mo.dk'],
    ['an underscore in the domain', 'anna@demo_auto.dk'],
    ['nothing', ''],
  ])('refuses %s: %p', (_case, email) => {
    expect(isSalesPersonEmail(email)).toBe(false);
  });
});

describe('sales person phone', () => {
  it.each(['20304050', '20 30 40 50', '+45 20 30 40 50', '+45-20-30-40-50', '+4520304050', '20\t30'])('accepts %p', (phone) => {
    expect(isSalesPersonPhone(phone)).toBe(true);
  });

  it.each([
    ['hyphens without a leading plus', '20-30-40-50'],
    ['a plus not at the start', '45+20304050'],
    ['two pluses', '++45 20304050'],
    ['letters', '20 30 40 AB'],
    ['a letter instead of a digit', '2O304050'],
    ['brackets', '(45) 20304050'],
    ['a dot', '20.30.40.50'],
    ['no digit at all', '+ -'],
    ['nothing', ''],
  ])('refuses %s: %p', (_case, phone) => {
    expect(isSalesPersonPhone(phone)).toBe(false);
  });
});

describe('validateSalesPerson', () => {
  const valid = { name: 'Anna Sales', email: 'anna.sales@demo.test', phone: '+45 20 30 40 50' };
  const required = { key: 'validation.required' };

  it('no errors for a good sales person, also with spaces around the values', () => {
    expect(validateSalesPerson(valid)).toEqual({});
    expect(validateSalesPerson({ name: '  Bo  Ek ', email: ' bo@demo.dk ', phone: ' 20304050 ' })).toEqual({});
  });

  it('name, e-mail and phone are required', () => {
    expect(validateSalesPerson({ name: '', email: '', phone: '' })).toEqual({ name: required, email: required, phone: required });
    expect(validateSalesPerson({ name: '   ', email: ' ', phone: '  ' })).toEqual({ name: required, email: required, phone: required });
  });

  it('a name of at least 3 characters, not counting the spaces around', () => {
    expect(isSalesPersonName('Bo')).toBe(false);
    expect(isSalesPersonName(' Bo ')).toBe(false);
    expect(isSalesPersonName('Ben')).toBe(true);
    expect(validateSalesPerson({ ...valid, name: ' Bo ' })).toEqual({ name: { key: 'validation.minLength', values: { min: 3 } } });
    expect(validateSalesPerson({ ...valid, name: 'x'.repeat(101) })).toEqual({ name: { key: 'validation.maxLength', values: { max: 100 } } });
  });

  it('a bad e-mail or phone is invalid; too long ones are too long', () => {
    expect(validateSalesPerson({ ...valid, email: 'anna@@x' })).toEqual({ email: { key: 'validation.invalid' } });
    expect(validateSalesPerson({ ...valid, email: 'anna@x' })).toEqual({ email: { key: 'validation.invalid' } });
    expect(validateSalesPerson({ ...valid, phone: '20-30-40' })).toEqual({ phone: { key: 'salesPeople.phoneRule' } });
    expect(validateSalesPerson({ ...valid, email: `${'a'.repeat(95)}@demo.dk` })).toEqual({ email: { key: 'validation.maxLength', values: { max: 100 } } });
    expect(validateSalesPerson({ ...valid, phone: '1'.repeat(31) })).toEqual({ phone: { key: 'validation.maxLength', values: { max: 30 } } });
  });

  it('sends the values trimmed', () => {
    expect(salesPersonInput({ name: ' Anna Sales ', email: ' anna@demo.dk', phone: '20 30 ' })).toEqual({ name: 'Anna Sales', email: 'anna@demo.dk', phone: '20 30' });
  });
});

describe('who may add a sales person', () => {
  it('the admin, or a dealership holding CREATE_SALESMAN in any case; not management', () => {
    expect(meets({ userRole: 'Admin', permissions: [] }, ADDS_SALES_PEOPLE)).toBe(true);
    expect(meets({ userRole: 'Dealership', permissions: ['create_salesman'] }, ADDS_SALES_PEOPLE)).toBe(true);
    expect(meets({ userRole: 'Dealership', permissions: ['CREATE_ORDERS'] }, ADDS_SALES_PEOPLE)).toBe(false);
    expect(meets({ userRole: 'Management', permissions: ['CREATE_SALESMAN'] }, ADDS_SALES_PEOPLE)).toBe(false);
  });
});
