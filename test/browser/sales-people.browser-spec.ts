import { createAccount, createSalesPerson, screenshot, signIn as apiSignIn, submitSignInForm, useBrowserStack, type TestAccount } from '../support';
import { waitFor } from '@app/testing';
import type { Page } from 'playwright-core';

/**
 * The sales people screen in Debian's chromium against the whole product booted in-process: the
 * admin picks a dealership and gives a sales person a login (its invitation is mailed); the
 * dealership adds one and edits it in place; the screen fits a phone and a desktop in Japanese
 * and Hindi.
 */
describe('sales people in chromium', () => {
  const web = useBrowserStack('browser-sales-people');
  let admin: TestAccount;
  let dealer: TestAccount;
  let anna: { id: string; email: string };

  beforeAll(async () => {
    admin = await createAccount(web.stack, { role: 'Admin', displayName: 'Ada Admin', email: 'ada.sp@example.test' });
    dealer = await createAccount(web.stack, {
      role: 'Dealership',
      displayName: 'Fjord Cars Aalborg',
      email: 'fjord.sp@example.test',
      permissions: ['CREATE_ORDERS', 'CREATE_SALESMAN', 'UPDATE_SALESMAN', 'DELETE_SALESMAN'],
    });
    anna = await createSalesPerson(web.stack, dealer.id, { name: 'Anna Sales', email: 'anna.sp@example.test' });
  });

  const newPage = (width = 1440, height = 900): Promise<Page> => web.newPage({ viewport: { width, height }, timeoutMs: 15_000 });

  /** SCREENSHOTS=/some/dir keeps pictures of the screens on the way (to look at them). */

  /** Nothing wider than the window, and the title on one or two lines (not a letter a line). */
  async function expectFits(page: Page) {
    // runs in the page (this project compiles without the DOM types)
    const { scrollWidth, innerWidth, titleHeight, titleLine } = (await page.evaluate(`(() => {
      const h1 = document.querySelector('h1');
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        titleHeight: h1.getBoundingClientRect().height,
        titleLine: parseFloat(getComputedStyle(h1).lineHeight) || 40,
      };
    })()`)) as { scrollWidth: number; innerWidth: number; titleHeight: number; titleLine: number };
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(titleHeight).toBeLessThanOrEqual(titleLine * 2 + 1);
  }

  it('the admin picks the dealership and gives a sales person a login; the invitation is mailed', async () => {
    const page = await newPage();
    await submitSignInForm(page, web.baseUrl, admin.email);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByRole('link', { name: 'Sales people' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sales people' }).waitFor();
    await page.getByText('Choose a dealership to see its sales people.').waitFor();
    await page.getByRole('combobox', { name: /^Dealership/ }).fill('Fjord');
    await page.getByRole('option', { name: /Fjord Cars Aalborg/ }).click();
    await page.getByText('Anna Sales').waitFor();
    expect(page.url()).toBe(`${web.baseUrl}/salesmen?account=${dealer.id}`);
    // a dealership: the admin may add to it
    await waitFor(() => page.getByRole('button', { name: 'Add sales person' }).isEnabled(), 'Add sales person to be enabled');
    await screenshot(page, 'sales-people-admin-1440');
    await expectFits(page);

    await page.getByRole('button', { name: 'Activate the login of Anna Sales' }).click();
    await page.getByText('Activate login - Successfully').waitFor();
    await page.getByRole('row', { name: /Anna Sales/ }).getByText('Invited').waitFor();
    await waitFor(async () => (await web.stack.mails(anna.email)).length === 1, 'the invitation mail');
  });

  it('the dealership adds a sales person and edits it in place', async () => {
    const page = await newPage();
    await submitSignInForm(page, web.baseUrl, dealer.email);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.goto(`${web.baseUrl}/salesmen`);
    await page.getByText('Anna Sales').waitFor();
    await page.getByRole('button', { name: 'Add sales person' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sales person' });
    await dialog.getByLabel(/^Name/).fill('Bo Berg');
    await dialog.getByLabel(/^E-mail/).fill('bo.sp@example.test');
    await dialog.getByLabel(/^Phone/).fill('+45 20 30 40 50');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Bo Berg').waitFor();

    await page.getByRole('button', { name: 'Edit Bo Berg' }).click();
    const input = page.locator('.MuiDataGrid-row--editing input').first();
    await input.fill('Bo');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Fill all fields correctly').waitFor();
    await input.fill('Bo Bergström');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Save sales person - Successfully').waitFor();
    const api = await apiSignIn(web.stack, dealer.email);
    const list = (await api.get(`/api/salesman/user/${dealer.id}`).expect(200)).body as { items: Array<{ name: string }> };
    expect(list.items.map((s) => s.name)).toEqual(['Anna Sales', 'Bo Bergström']);
  });

  it.each([1440, 390])('shows a long e-mail whole at %i px (the column sized by what it holds; on a phone, a card)', async (width) => {
    const long = 'kristoffer.vestergaard-hansen@fjord-cars-aalborg.test';
    if (!(await web.stack.db.query('SELECT 1 FROM users.sales_person WHERE email = $1', [long])).length) {
      await createSalesPerson(web.stack, dealer.id, { name: 'Kristoffer Vestergaard', email: long });
    }
    const api = await apiSignIn(web.stack, dealer.email);
    await api.put(`/api/users/${dealer.id}`).send({ language: 'en' }).expect(200);
    const page = await newPage(width, 900);
    await submitSignInForm(page, web.baseUrl, dealer.email);
    await page.waitForURL(`${web.baseUrl}/orders`);
    await page.goto(`${web.baseUrl}/salesmen`);
    // a row of the grid at 1440 px; on a phone a card, its e-mail under the name
    const row = width > 600 ? page.getByRole('row', { name: /Kristoffer Vestergaard/ }) : page.getByRole('listitem').filter({ hasText: 'Kristoffer Vestergaard' });
    const cell = row.locator('[data-field="email"]');
    await cell.waitFor();
    await screenshot(page, `sales-people-long-email-${width}`);
    // the cell's text fits its cell: nothing cut off behind an ellipsis
    const { scrollWidth, clientWidth, text } = await cell.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, text: el.textContent }));
    expect(text).toBe(long);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expectFits(page);
  });

  it.each([
    ['jp', 390],
    ['hi', 390],
    ['jp', 1440],
    ['hi', 1440],
  ] as const)('fits in %s at %i px', async (language, width) => {
    const api = await apiSignIn(web.stack, dealer.email);
    await api.put(`/api/users/${dealer.id}`).send({ language }).expect(200);
    const page = await newPage(width, 900);
    await submitSignInForm(page, web.baseUrl, dealer.email);
    await page.waitForURL(`${web.baseUrl}/orders`);
    await page.goto(`${web.baseUrl}/salesmen`);
    await page.getByText('Anna Sales').waitFor();
    await screenshot(page, `sales-people-${language}-${width}`);
    await expectFits(page);
  });
});
