import { testJpeg, waitFor } from '@app/testing';
import type { Page } from 'playwright-core';
import {
  chooseNewPassword,
  createAccount,
  createSalesPerson,
  createStyleGuide,
  mailsTo,
  signIn as apiSignIn,
  submitSignInForm,
  temporaryPasswordIn,
  useBrowserStack,
  type TestAccount,
} from '../support';

/**
 * Accounts that work on day one, in Debian's chromium against the whole product booted
 * in-process: the account form marks what the chosen role needs (a staff account saves without
 * the dealer-only fields, a dealership is told what it lacks); a dealership the admin creates
 * without touching its permissions signs in and creates its first order; the permissions tab
 * reads as words, not raw names, and still edits; a new banner is hidden and the screen says
 * where banners appear.
 */
describe('a new account works on day one in chromium', () => {
  jest.setTimeout(300_000);
  const web = useBrowserStack('browser-day-one');
  let admin: TestAccount;
  let guide: { id: string; name: string };

  const DEALERSHIP = 'Vejle Bilcenter';
  const LOGIN_EMAIL = 'ejer@vejle-bilcenter.test';
  let accountId = '';

  beforeAll(async () => {
    admin = await createAccount(web.stack, { role: 'Admin', displayName: 'Ada Admin', email: 'ada.dayone@example.test' });
    guide = await createStyleGuide(await apiSignIn(web.stack, admin.email), { name: 'Vejle Showroom', positions: 1 });
  });

  const newPage = (width = 1440): Promise<Page> => web.newPage({ viewport: { width, height: 900 } });

  async function asAdmin(): Promise<Page> {
    const page = await newPage();
    await submitSignInForm(page, web.baseUrl, admin.email);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    return page;
  }

  const box = (page: Page, name: RegExp) => page.getByRole('textbox', { name });
  const isRequired = async (page: Page, name: RegExp) => (await box(page, name).getAttribute('required')) !== null;

  async function fillBasics(page: Page, name: string, email: string) {
    await box(page, /^Dealership name/).fill(name);
    await box(page, /^Login e-mail/).fill(email);
    await page.getByRole('combobox', { name: /^Country/ }).click();
    await page.getByRole('option', { name: /^Denmark/ }).click();
    await box(page, /^Name/).fill('Jens Ejer');
    await box(page, /^E-mail/).fill('jens@vejle-bilcenter.test');
  }

  async function chooseRole(page: Page, role: string) {
    await page.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: role, exact: true }).click();
  }

  it('the account form marks what the role needs: a QA account saves without the dealer-only fields, a dealership is told what it lacks', async () => {
    const page = await asAdmin();
    await page.goto(`${web.baseUrl}/create-account`);
    await page.getByRole('heading', { level: 1, name: 'Create account' }).waitFor();

    // a dealership (the form's first role) needs every field, and the form says so
    for (const field of [/^City/, /^Postal code/, /^Address/, /^Company ID/, /^Phone/, /^Title/, /^Dealership name/, /^Name/]) {
      expect({ field: String(field), required: await isRequired(page, field) }).toEqual({ field: String(field), required: true });
    }
    await fillBasics(page, 'Staff Desk', 'qa.desk@example.test');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Fill all fields correctly').waitFor();
    await page.getByText('City is required').waitFor();
    await page.getByText('Company ID (VAT) is required').waitFor();

    // a QA account: the dealer-only fields are not required and it saves without them
    await chooseRole(page, 'QA');
    for (const field of [/^City/, /^Postal code/, /^Address/, /^Company ID/, /^Phone/, /^Title/]) {
      expect({ field: String(field), required: await isRequired(page, field) }).toEqual({ field: String(field), required: false });
    }
    expect(await isRequired(page, /^Dealership name/)).toBe(true);
    expect(await page.getByText('City is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    // the list writes its first date (14 days back) into the address once it opens
    await page.waitForURL((url) => url.pathname === '/customers');
    const [staff] = await web.stack.db.query<{ user_role: string; city: string }>('SELECT user_role, city FROM users.user_account WHERE email = $1', ['qa.desk@example.test']);
    expect(staff).toEqual({ user_role: 'QA', city: '' });
  });

  it('the admin creates a dealership without touching its permissions; the permissions tab reads as words and still edits', async () => {
    const page = await asAdmin();
    await page.goto(`${web.baseUrl}/create-account`);
    await page.getByRole('heading', { level: 1, name: 'Create account' }).waitFor();
    await fillBasics(page, DEALERSHIP, LOGIN_EMAIL);
    await box(page, /^City/).fill('Vejle');
    await box(page, /^Postal code/).fill('7100');
    await box(page, /^Address/).fill('Havnegade 7');
    await box(page, /^Company ID/).fill('27182818');
    await box(page, /^Phone/).fill('+45 75 82 00 00');
    await box(page, /^Title/).fill('Ejer');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    // the list writes its first date (14 days back) into the address once it opens
    await page.waitForURL((url) => url.pathname === '/customers');
    const [row] = await web.stack.db.query<{ id: string }>('SELECT id FROM users.user_account WHERE email = $1', [LOGIN_EMAIL]);
    accountId = row!.id;

    await page.goto(`${web.baseUrl}/profile/${accountId}/permissions`);
    const assigned = page.getByRole('region', { name: 'Assigned' });
    const available = page.getByRole('region', { name: 'Available' });
    // the role's defaults, by readable name with a description, under their groups
    await assigned.getByText('Create orders', { exact: true }).waitFor();
    await assigned.getByText('Add new orders.', { exact: true }).waitFor();
    await assigned.getByRole('rowheader', { name: 'Orders' }).waitFor();
    await available.getByText('Edit integration credentials', { exact: true }).waitFor();
    await available.getByText('Change the servers, user names and passwords integrations deliver to.', { exact: true }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/CREATE_ORDERS|READ_ORDERS|UPDATE_USER_INTEGRATION_CREDENTIALS|[A-Z]+_[A-Z_]+/);

    // editing still works: add one, take one away, and the server keeps it
    await available.getByRole('button', { name: 'Add View account events', exact: true }).click();
    await page.getByText('Permission added').waitFor();
    await assigned.getByText('View account events', { exact: true }).waitFor();
    await assigned.getByRole('button', { name: 'Remove Edit orders', exact: true }).click();
    await page.getByText('Permission removed').waitFor();
    await waitFor(async () => (await assigned.getByText('Edit orders', { exact: true }).count()) === 0, 'Edit orders to leave the assigned table');
    const held = (await (await apiSignIn(web.stack, admin.email)).get(`/api/permissions/get-permissions-for-user-by-user-id/${accountId}`).expect(200)).body as Array<{ name: string }>;
    const names = held.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['CREATE_ORDERS', 'READ_USER_EVENTS']));
    expect(names).not.toContain('UPDATE_ORDERS');
  });

  it('the new dealership signs in with the mailed password and creates its first order', async () => {
    expect(accountId).not.toBe('');
    // what any dealership needs to order: a style guide and a sales person
    await (await apiSignIn(web.stack, admin.email)).post('/api/style-guides/add-style-guide-to-user').send({ userId: accountId, styleGuideId: guide.id }).expect(200);
    await createSalesPerson(web.stack, accountId, { name: 'Mette Sælger', email: 'mette@vejle-bilcenter.test' });

    const [mail] = await mailsTo(web.stack, LOGIN_EMAIL);
    const page = await newPage();
    await submitSignInForm(page, web.baseUrl, LOGIN_EMAIL, temporaryPasswordIn(mail!.text));
    await chooseNewPassword(page, 'Vejle-Ejer-2026!');

    // the screen opens rather than /error/401: the account holds the create-orders permission
    await page.goto(`${web.baseUrl}/create-order`);
    await page.getByRole('heading', { level: 1, name: 'Create order' }).waitFor();
    await page.getByLabel(/^Order name/).fill('Første ordre – VW ID.4');
    await page.getByRole('combobox', { name: /^Sales person/ }).click();
    await page.getByRole('option', { name: 'Mette Sælger' }).click();
    await page.getByRole('combobox', { name: /^Style guide/ }).click();
    await page.getByRole('option', { name: guide.name }).click();
    await page.getByTestId('position-1').waitFor();
    await page
      .getByTestId('position-1')
      .getByLabel(/^Image for Position/)
      .setInputFiles({ name: 'id4.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(800, 600) });
    await page.getByTestId('position-1').getByTestId('image-preview').waitFor();
    const submit = page.getByRole('button', { name: 'Create order' });
    await waitFor(() => submit.isEnabled(), 'the submit button enabled', 20_000, 200);
    await submit.click();
    await page.waitForURL(`${web.baseUrl}/orders/success`, { timeout: 60_000 });
    await page.getByRole('dialog', { name: 'Upload successful' }).waitFor();
    const orders = await web.stack.db.query<{ order_name: string }>('SELECT order_name FROM orders.orders WHERE account_id = $1', [accountId]);
    expect(orders.map((o) => o.order_name)).toEqual(['Første ordre – VW ID.4']);
  });

  it('a new banner is hidden until published, and the banners screen says where banners appear', async () => {
    const page = await asAdmin();
    await page.goto(`${web.baseUrl}/admin/banners`);
    await page.getByText('Banners appear in the mobile app, at the top of its screens, for every signed-in user while they are Visible. The web app does not show them.').waitFor();
    await page.getByRole('button', { name: 'Create banner' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('Service day on Friday');
    const visible = dialog.getByRole('switch', { name: 'Visible' }).or(dialog.getByRole('checkbox', { name: 'Visible' }));
    expect(await visible.isChecked()).toBe(false);
    await dialog.getByText('Hidden until you switch this on: the mobile app then shows the banner to every signed-in user.').waitFor();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Service day on Friday/ }).getByText('Hidden', { exact: true }).waitFor();
    // nobody but the admin sees it yet
    const dealer = await createAccount(web.stack, { role: 'Dealership' });
    const list = (await (await apiSignIn(web.stack, dealer.email)).get('/api/banner').expect(200)).body as { items: Array<{ message: string }> };
    expect(list.items.map((b) => b.message)).not.toContain('Service day on Friday');
  });
});
