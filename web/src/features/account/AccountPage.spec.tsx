import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { sessionStore } from '../../api/session';
import { fakeApi, reply, testUser } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectVisible } from '../../test/visible';

describe('/account and /account/settings', () => {
  it.each(['/account', '/account/settings'])('%s shows the account read-only, with its profile, address and contact fields', async (path) => {
    const user = testUser({ address: { country: 'Denmark', city: 'Odense', postalCode: '5000', address: 'Havnegade 1', companyId: '' } });
    sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
    fakeApi({ 'GET /me': () => reply(200, user), 'GET /appSettings': () => reply(200, []) });
    renderAppAt(path);

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My account'));
    const field = (id: string) => screen.getByTestId(`account-${id}`).textContent;
    expect(field('name')).toBe('Dealership nameNordic Auto Demo');
    expect(field('email')).toBe('E-maildealer@demo.test');
    expect(field('country')).toBe('CountryDenmark');
    expect(field('city')).toBe('CityOdense');
    expect(field('postal-code')).toBe('Postal code5000');
    expect(field('company-id')).toBe('Company ID (VAT)Not provided');
    expect(field('contact-name')).toBe('NameNora Nielsen');
    expect(field('contact-title')).toBe('TitleOwner');
    expect(field('contact-phone')).toBe('Phone+45 20 30 40 50');
    expect(field('contact-email')).toBe('E-mailnora@nordic.test');
    expect(screen.getByTestId('account-role').textContent).toBe('Dealership');
    // read-only: nothing to type into
    expect(screen.queryAllByRole('textbox')).toEqual([]);
  });

  it('tells a sales person whose account it is', async () => {
    const user = testUser({ loggedInSalesPersonInfo: { id: 's1', name: 'Anna Sales', email: 'anna.sales@demo.test' } });
    sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
    fakeApi({ 'GET /me': () => reply(200, user), 'GET /appSettings': () => reply(200, []) });
    renderAppAt('/account');

    expectVisible(await screen.findByText('You are signed in as Anna Sales (anna.sales@demo.test), a sales person of this account.'));
  });
});
