import { testJpeg, waitFor } from '@app/testing';
import type { Page } from 'playwright-core';
import {
  chooseNewPassword,
  createAccount,
  createStyleGuide,
  filesUnder,
  mailsTo,
  rowsNaming as rowsNamingIn,
  signIn as apiSignIn,
  submitSignInForm,
  temporaryPasswordIn,
  useBrowserStack,
  type TestAccount,
} from '../support';

/** A registration as a Danish dealership mails it; it names no contact title. */
const REGISTRATION_MAIL = [
  'Hej,',
  '',
  'Vi vil gerne oprettes som kunde. Her er vores oplysninger:',
  '',
  'Virksomhed: Limfjord Biler ApS',
  'Kontaktperson: Karen Nielsen',
  'E-mail: karen@limfjord-biler.test',
  'Telefon: 0045 98 12 34 56',
  'Adresse: Vesterbro 12',
  'Postnummer: 9000',
  'By: Aalborg',
  'CVR-nr.: 31415926',
  '',
  'Venlig hilsen',
  'Karen',
].join('\n');

/**
 * A customer's whole life in Debian's chromium against the whole product booted in-process: an
 * admin creates a dealership from a pasted registration mail (its temporary password is mailed),
 * finds order creation granted, assigns a style guide, makes it a child of a management account and
 * adds two sales people, one with a login; that sales person signs in with the mailed password,
 * chooses a new one and creates an order with pictures; the admin deletes the dealership, and
 * nothing of it remains in any service's database nor in storage.
 */
describe('a customer from registration to deletion in chromium', () => {
  jest.setTimeout(300_000);
  const web = useBrowserStack('browser-customer-lifecycle');
  let admin: TestAccount;
  let management: TestAccount;
  let guide: { id: string; name: string };
  const photos: Buffer[] = [];

  const DEALERSHIP = 'Limfjord Biler ApS';
  const MANAGEMENT = 'Nordjylland Auto Gruppe';
  const LOGIN_EMAIL = 'karen@limfjord-biler.test';
  const SELLER = { name: 'Mads Madsen', email: 'mads@limfjord-biler.test' };
  const OTHER_SELLER = { name: 'Sofie Holm', email: 'sofie@limfjord-biler.test' };
  const ORDER_NAME = 'Skoda Octavia – AB 12 345';
  let accountId = '';
  let orderId = '';

  const sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => web.stack.db.query<T>(text, params);

  beforeAll(async () => {
    admin = await createAccount(web.stack, { role: 'Admin', displayName: 'Ada Admin', email: 'ada.lifecycle@example.test' });
    management = await createAccount(web.stack, { role: 'Management', displayName: MANAGEMENT, email: 'gruppe.lifecycle@example.test' });
    const asAdmin = await apiSignIn(web.stack, admin.email);
    guide = await createStyleGuide(asAdmin, { name: 'Limfjord Showroom', positions: 2 });
    for (const colour of ['#b3202a', '#1f4e8c']) photos.push(await testJpeg(800, 600, { carColour: colour }));
  });

  const newPage = (): Promise<Page> => web.newPage();

  async function signInAs(page: Page, email: string) {
    await submitSignInForm(page, web.baseUrl, email);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  }

  const rowsNaming = (id: string) => rowsNamingIn(web.stack.db, id);

  /** The assign tables of a profile tab: adds `name` from the left table unless it is assigned already. */
  async function assign(page: Page, name: string, search?: string) {
    const available = page.getByRole('region', { name: 'Available' });
    const assigned = page.getByRole('region', { name: 'Assigned' });
    await available.waitFor();
    if (search) await available.getByLabel('Search').fill(search);
    const add = available.getByRole('button', { name: `Add ${name}`, exact: true });
    // the add buttons wait while the account's side loads: an item may turn out assigned already,
    // and then its button goes between counting it and asking it (ask briefly, then look again)
    const offered = async () => (await add.count()) > 0 && (await add.isEnabled({ timeout: 500 }));
    const isAssigned = async () => (await assigned.getByText(name, { exact: true }).count()) > 0;
    await waitFor(async () => (await isAssigned()) || (await offered()), `${name} offered or assigned`, 20_000, 200);
    if (!(await isAssigned())) await add.click();
    await assigned.getByText(name, { exact: true }).waitFor();
  }

  it('the admin creates the dealership from a pasted registration mail; its temporary password is mailed', async () => {
    const page = await newPage();
    await signInAs(page, admin.email);
    await page.goto(`${web.baseUrl}/create-account`);
    await page.getByRole('heading', { level: 1, name: 'Create account' }).waitFor();

    await page.getByRole('button', { name: 'Paste registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste a registration e-mail' });
    await dialog.getByRole('textbox', { name: 'Registration text' }).fill(REGISTRATION_MAIL);
    await dialog.getByRole('button', { name: 'Fill in' }).click();
    await dialog.waitFor({ state: 'detached' });

    const value = (name: RegExp) => page.getByRole('textbox', { name }).inputValue();
    expect(await value(/^Dealership name/)).toBe(DEALERSHIP);
    expect(await value(/^Login e-mail/)).toBe(LOGIN_EMAIL);
    expect(await value(/^City/)).toBe('Aalborg');
    expect(await value(/^Postal code/)).toBe('9000');
    expect(await value(/^Address/)).toBe('Vesterbro 12');
    expect(await value(/^Company ID/)).toBe('31415926');
    expect(await value(/^Name/)).toBe('Karen Nielsen');
    expect(await value(/^Phone/)).toBe('+45 98 12 34 56');
    // the mail names no title: the form is not complete yet
    expect(await value(/^Title/)).toBe('');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Fill all fields correctly').waitFor();
    await page.getByRole('textbox', { name: /^Title/ }).fill('Salgschef');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    // the list writes its first date (14 days back) into the address once it opens
    await page.waitForURL((url) => url.pathname === '/customers');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByLabel('Search').fill('Limfjord');
    // the search applies after a pause: click once the list shows its answer, not a row of the list before it
    await page.waitForURL(/[?&]search=Limfjord/);
    await page.getByTestId('grid-total').filter({ hasText: /^1 in total$/ }).waitFor();
    await page.getByText(DEALERSHIP, { exact: true }).click();
    await page.waitForURL(new RegExp(`/profile/[0-9a-f-]{36}/orders$`));
    accountId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { level: 1, name: DEALERSHIP }).waitFor();

    const [mail] = await mailsTo(web.stack, LOGIN_EMAIL);
    expect(temporaryPasswordIn(mail!.text).length).toBeGreaterThanOrEqual(8);
  });

  it('the admin grants order creation, assigns a style guide and makes it a child of a management account', async () => {
    expect(accountId).not.toBe('');
    const page = await newPage();
    await signInAs(page, admin.email);

    await page.goto(`${web.baseUrl}/profile/${accountId}/orders`);
    await page.getByRole('heading', { level: 1, name: DEALERSHIP }).waitFor();
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await page.waitForURL(`${web.baseUrl}/profile/${accountId}/permissions`);
    // a new dealership holds both already (its role's defaults): assign finds them assigned
    await assign(page, 'Create orders');
    await assign(page, 'Create sales people');

    await page.getByRole('tab', { name: 'Style guides' }).click();
    await page.waitForURL(`${web.baseUrl}/profile/${accountId}/styleguides`);
    await assign(page, guide.name, 'Limfjord');
    await page.getByText('Style guide added to the user').waitFor();

    await page.goto(`${web.baseUrl}/profile/${management.id}/child-accounts`);
    await page.getByRole('heading', { level: 1, name: MANAGEMENT }).waitFor();
    await assign(page, DEALERSHIP, 'Limfjord');
    await page.getByText('Child account added').waitFor();

    // what the server keeps
    const api = await apiSignIn(web.stack, admin.email);
    const permissions = (await api.get(`/api/permissions/get-permissions-for-user-by-user-id/${accountId}`).expect(200)).body as unknown;
    expect(JSON.stringify(permissions)).toContain('CREATE_ORDERS');
    const guides = (await api.get(`/api/style-guides/user/${accountId}`).expect(200)).body as Array<{ id: string }>;
    expect(guides.map((g) => g.id)).toEqual([guide.id]);
  });

  it('the admin adds two sales people on /salesmen?account= and gives one a login; the invitation is mailed', async () => {
    const page = await newPage();
    await signInAs(page, admin.email);
    await page.goto(`${web.baseUrl}/salesmen?account=${accountId}`);
    await page.getByRole('heading', { level: 1, name: 'Sales people' }).waitFor();
    const addButton = page.getByRole('button', { name: 'Add sales person' });
    await waitFor(() => addButton.isEnabled(), 'Add sales person to be enabled', 20_000, 200);
    for (const person of [SELLER, OTHER_SELLER]) {
      await addButton.click();
      const dialog = page.getByRole('dialog', { name: 'New sales person' });
      await dialog.getByLabel(/^Name/).fill(person.name);
      await dialog.getByLabel(/^E-mail/).fill(person.email);
      await dialog.getByLabel(/^Phone/).fill('+45 20 30 40 50');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('row', { name: new RegExp(person.name) }).waitFor();
    }

    await page.getByRole('button', { name: `Activate the login of ${SELLER.name}` }).click();
    await page.getByText('Activate login - Successfully').waitFor();
    await page.getByRole('row', { name: new RegExp(SELLER.name) }).getByText('Invited').waitFor();
    await page.getByRole('row', { name: new RegExp(OTHER_SELLER.name) }).getByText('No login').waitFor();
    await mailsTo(web.stack, SELLER.email);
  });

  it('the sales person signs in with the mailed password, chooses a new one and creates an order with pictures', async () => {
    const [mail] = await mailsTo(web.stack, SELLER.email);
    const page = await newPage();
    await submitSignInForm(page, web.baseUrl, SELLER.email, temporaryPasswordIn(mail!.text));
    await chooseNewPassword(page, 'Limfjord-Sælger-2026!');

    await page.goto(`${web.baseUrl}/create-order`);
    await page.getByRole('heading', { level: 1, name: 'Create order' }).waitFor();
    // the signed-in sales person is the order's sales person
    expect(await page.getByRole('combobox', { name: /^Sales person/ }).count()).toBe(0);
    await page.getByLabel(/^Order name/).fill(ORDER_NAME);
    await page.getByRole('combobox', { name: /^Style guide/ }).click();
    await page.getByRole('option', { name: guide.name }).click();
    await page.getByTestId('position-2').waitFor();
    for (const [i, photo] of photos.entries()) {
      await page
        .getByTestId(`position-${i + 1}`)
        .getByLabel(/^Image for Position/)
        .setInputFiles({ name: `octavia-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: photo });
      await page.getByTestId(`position-${i + 1}`).getByTestId('image-preview').waitFor();
    }
    const submit = page.getByRole('button', { name: 'Create order' });
    await waitFor(() => submit.isEnabled(), 'the submit button enabled', 20_000, 200);
    await submit.click();
    await page.waitForURL(`${web.baseUrl}/orders/success`, { timeout: 60_000 });
    await page.getByRole('dialog', { name: 'Upload successful' }).waitFor();

    const [order] = await sql<{ id: string; order_name: string }>('SELECT id, order_name FROM orders.orders WHERE account_id = $1', [accountId]);
    expect(order?.order_name).toBe(ORDER_NAME);
    orderId = order!.id;
  });

  it('the admin deletes the dealership with its confirmation code; nothing of it remains in any database or in storage', async () => {
    expect(orderId).not.toBe('');
    const objectsOf = (id: string) => filesUnder(web.stack.s3.directory).filter((f) => f.includes(id));
    await waitFor(async () => objectsOf(orderId).length >= photos.length, 'the pictures of the order in storage', 60_000, 250);
    expect((await rowsNaming(accountId)).length).toBeGreaterThan(3);

    const page = await newPage();
    await signInAs(page, admin.email);
    await page.goto(`${web.baseUrl}/profile/${accountId}/orders`);
    await page.getByRole('heading', { level: 1, name: DEALERSHIP }).waitFor();
    await page.getByRole('button', { name: 'Delete user' }).click();
    const dialog = page.getByRole('dialog');
    const text = (await dialog.getByText(/Type the confirmation code/).textContent()) ?? '';
    const code = /confirmation code "([^"]+)"/.exec(text)?.[1];
    expect(code).toBeTruthy();
    await dialog.getByRole('textbox', { name: 'Confirmation code' }).fill(`${code}x`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('Invalid name').waitFor();
    await dialog.getByRole('textbox', { name: 'Confirmation code' }).fill(code!);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // the list writes its first date (14 days back) into the address once it opens
    await page.waitForURL((url) => url.pathname === '/customers');
    await page.getByText('Delete user - Successfully').waitFor();

    await waitFor(async () => (await rowsNaming(accountId)).length === 0, 'every service to forget the account', 60_000, 500);
    await waitFor(async () => objectsOf(orderId).length === 0, 'the objects of its order to be gone', 60_000, 500);
    expect(await sql('SELECT 1 FROM orders.orders WHERE id = $1', [orderId])).toEqual([]);
    expect(await sql('SELECT 1 FROM users.sales_person WHERE lower(email) = ANY($1)', [[SELLER.email, OTHER_SELLER.email]])).toEqual([]);
  });
});
