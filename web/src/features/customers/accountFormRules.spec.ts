import { describe, expect, it } from '@jest/globals';
import { EMPTY_ACCOUNT, isRequiredFor, toCreateRequest, toUpdateRequest, validateAccount, withRegistration, ZOOM_CHOICES, type AccountFormValues } from './accountFormRules';

const filled: AccountFormValues = {
  ...EMPTY_ACCOUNT,
  displayName: ' Fjord Cars ',
  email: 'Login@Fjord.test',
  country: 'Denmark',
  city: 'Aalborg',
  postalCode: '9000',
  address: 'Havnegade 1',
  companyId: 'DK12345678',
  contactName: 'Mette Jensen',
  contactEmail: 'mette@fjord.test',
  contactPhone: '+45 11-22-33-44',
  contactTitle: 'Owner',
};

describe('account form rules', () => {
  it('requires for staff (Admin, QA) only the name, login, country and contact name and e-mail', () => {
    for (const userRole of ['Admin', 'QA'] as const) {
      const errors = validateAccount({ ...EMPTY_ACCOUNT, userRole }, true);
      expect(Object.keys(errors).sort()).toEqual(['contactEmail', 'contactName', 'country', 'displayName', 'email']);
      const staff = { ...filled, userRole, city: '', postalCode: '', address: '', companyId: '', contactPhone: '', contactTitle: '' };
      expect(validateAccount(staff, true)).toEqual({});
      expect(isRequiredFor(userRole, 'companyId')).toBe(false);
      // a phone given is still checked
      expect(validateAccount({ ...staff, contactPhone: '11-22' }, true).contactPhone).toEqual({ key: 'salesPeople.phoneRule' });
    }
    expect(isRequiredFor('Management', 'companyId')).toBe(true);
    expect(isRequiredFor('Dealership', 'contactTitle')).toBe(true);
  });

  it('requires every field of the dealership and the contact person for a dealership', () => {
    const errors = validateAccount(EMPTY_ACCOUNT, true);
    expect(Object.keys(errors).sort()).toEqual(
      ['address', 'city', 'companyId', 'contactEmail', 'contactName', 'contactPhone', 'contactTitle', 'country', 'displayName', 'email', 'postalCode'].sort(),
    );
    expect(errors.displayName).toEqual({ key: 'validation.required' });
    expect(validateAccount(filled, true)).toEqual({});
  });

  it('checks both e-mails, the phone, the currency and the price', () => {
    expect(validateAccount({ ...filled, email: 'a@b' }, true).email).toEqual({ key: 'validation.invalid' });
    expect(validateAccount({ ...filled, contactEmail: 'me at fjord' }, true).contactEmail).toEqual({ key: 'validation.invalid' });
    expect(validateAccount({ ...filled, contactPhone: '11-22' }, true).contactPhone).toEqual({ key: 'salesPeople.phoneRule' });
    expect(validateAccount({ ...filled, currency: 'EURO' }, true).currency).toEqual({ key: 'customers.form.currencyRule' });
    expect(validateAccount({ ...filled, subscriptionPrice: '12.345' }, true).subscriptionPrice).toEqual({ key: 'customers.form.priceRule' });
    expect(validateAccount({ ...filled, subscriptionPrice: '499,50' }, true)).toEqual({});
    // without the account details (not the admin) currency and price are not the form's
    expect(validateAccount({ ...filled, currency: '' }, false)).toEqual({});
    expect(validateAccount({ ...filled, postalCode: '1'.repeat(21) }, true).postalCode).toEqual({ key: 'validation.maxLength', values: { max: 20 } });
  });

  it('offers the zoom from 0.5 to 2 in steps of 0.1', () => {
    expect(ZOOM_CHOICES[0]).toBe('0.5');
    expect(ZOOM_CHOICES.at(-1)).toBe('2.0');
    expect(ZOOM_CHOICES).toHaveLength(16);
  });

  it('sends trimmed texts, lower-case e-mails, and the details only for the admin', () => {
    const body = toCreateRequest({ ...filled, subscriptionPrice: '499,50', currency: 'dkk' }, true);
    expect(body).toMatchObject({ displayName: 'Fjord Cars', email: 'login@fjord.test', currency: 'DKK', subscriptionPrice: 499.5, minimumZoomValue: 1 });
    expect(toCreateRequest(filled, false)).not.toHaveProperty('userRole');
    expect(toUpdateRequest({ ...filled, subscriptionPrice: '' }, true).subscriptionPrice).toBeNull();
    expect(Object.keys(toUpdateRequest(filled, false)).sort()).toEqual(['address', 'contactPerson', 'displayName']);
  });

  it("sends the admin's choice to keep the metadata of the dealership's own originals, off by default", () => {
    expect(EMPTY_ACCOUNT.keepOriginalMetadata).toBe(false);
    expect(toCreateRequest(filled, true).keepOriginalMetadata).toBe(false);
    expect(toUpdateRequest({ ...filled, keepOriginalMetadata: true }, true).keepOriginalMetadata).toBe(true);
    expect(toUpdateRequest({ ...filled, keepOriginalMetadata: true }, false)).not.toHaveProperty('keepOriginalMetadata');
  });

  it('a pasted registration fills what it found and keeps a login e-mail already typed', () => {
    const next = withRegistration({ ...EMPTY_ACCOUNT, email: 'typed@fjord.test', city: 'Kept' }, { displayName: 'Nordic', email: 'found@nordic.test' });
    expect(next).toMatchObject({ displayName: 'Nordic', email: 'typed@fjord.test', contactEmail: 'found@nordic.test', city: 'Kept' });
  });
});
