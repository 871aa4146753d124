import {
  createAccount,
  createSalesPerson,
  mailsTo,
  peekCspViolations,
  signIn,
  submitSignInForm,
  takeCspViolations,
  TEST_PASSWORD,
  useBrowserStack,
  verificationCodeIn,
  type TestAccount,
} from '../support';
import type { Page } from 'playwright-core';
import { isRegistered } from '../../web/src/app/screens';
import { waitFor } from '@app/testing';
import { EXPECTED_ADMIN_TABS } from '../../web/src/test/adminTabs';

/**
 * The web app in Debian's chromium against the whole product booted in-process: the gateway
 * serves the built app (web/dist) and the API on one ephemeral port. Every test opens its own
 * browser context (its own localStorage), and waits for what a person would see, never for
 * a fixed time.
 */

type Who = 'admin' | 'qa' | 'dealer' | 'sales' | 'manager';

/**
 * The header menu of each role (hrefs; Admin opens a sub-menu).
 * An entry shows once its screen is registered (web/src/app/screens.ts), so later issues
 * that add /orders, /dashboard… see their entries appear here without editing this table.
 */
const STAFF_MENU = ['/dashboard', '/orders', '/salesmen', '/customers', '/admin', '/editing-page'];
const DEALER_MENU = ['/dashboard', '/orders', '/salesmen'];
const ADMIN_AREA: Record<'admin' | 'qa', string[]> = {
  admin: [...EXPECTED_ADMIN_TABS],
  qa: ['/admin/style-guides-v2'],
};
const MENU: Record<Who, string[]> = { admin: STAFF_MENU, qa: STAFF_MENU, dealer: DEALER_MENU, sales: DEALER_MENU, manager: DEALER_MENU };

function expectedMenu(who: Who): string[] {
  return MENU[who].filter((path) => {
    if (path !== '/admin') return isRegistered(path);
    return who === 'admin' || who === 'qa' ? ADMIN_AREA[who].some(isRegistered) : false;
  });
}

describe('web app shell in chromium', () => {
  const web = useBrowserStack('browser');
  let accounts: Record<Exclude<Who, 'sales'>, TestAccount & { displayName: string }>;
  let sales: { email: string; name: string };

  const account = async (role: TestAccount['role'], displayName: string, extra: Parameters<typeof createAccount>[1] = { role }) => ({
    ...(await createAccount(web.stack, { ...extra, role, displayName })),
    displayName,
  });

  beforeAll(async () => {
    const dealer = await account('Dealership', 'Fjord Motors', {
      role: 'Dealership',
      permissions: ['CREATE_ORDERS', 'CREATE_SALESMAN'],
      email: 'fjord@example.test',
    });
    accounts = {
      admin: await account('Admin', 'Ada Admin', { role: 'Admin', email: 'ada@example.test' }),
      qa: await account('QA', 'Quinn Editor', { role: 'QA', roleTags: ['QA_EDITOR'], email: 'quinn@example.test' }),
      dealer,
      manager: await account('Management', 'Group Management', { role: 'Management', children: [dealer.id], email: 'group@example.test' }),
    };
    sales = { ...(await createSalesPerson(web.stack, dealer.id, { login: true, name: 'Sven Seller', email: 'sven@example.test' })), name: 'Sven Seller' };
  });

  const newPage = (): Promise<Page> => web.newPage({ viewport: { width: 1280, height: 800 }, timeoutMs: 15_000 });

  const signInThroughForm = (page: Page, email: string, password = TEST_PASSWORD) => submitSignInForm(page, web.baseUrl, email, password);

  const headerLinks = async (page: Page) =>
    page.getByTestId('header-menu').evaluate((nav) => [...nav.querySelectorAll('a, button')].map((el) => el.getAttribute('href') ?? `${el.textContent} >`));

  it.each(['admin', 'qa', 'dealer', 'sales', 'manager'] as const)('%s signs in, lands on the orders list and sees its own menus', async (who) => {
    const page = await newPage();
    const email = who === 'sales' ? sales.email : accounts[who].email;
    const displayName = who === 'sales' ? accounts.dealer.displayName : accounts[who].displayName;
    await signInThroughForm(page, email);

    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders');

    // header menu: the role's entries whose screens exist
    const links = await headerLinks(page);
    expect(links.map((l) => (l.endsWith(' >') ? '/admin' : l))).toEqual(expectedMenu(who));
    // Create order: with the permission and once /create-order exists
    const shortcut = (who === 'admin' || who === 'dealer' || who === 'sales') && isRegistered('/create-order');
    expect(await page.getByTestId('toolbar-shortcut').count()).toBe(shortcut ? 1 : 0);

    // user menu: display name and e-mail (the sales person's own), account settings, sign out
    await page.getByRole('button', { name: `Account menu of ${displayName}` }).click();
    const identity = page.getByTestId('user-menu-identity');
    await identity.waitFor();
    expect(await identity.textContent()).toContain(displayName);
    expect(await identity.textContent()).toContain(email);
    if (who === 'sales') {
      expect(await identity.textContent()).toContain(`Signed in as ${sales.name}`);
      expect(await identity.textContent()).not.toContain(accounts.dealer.email);
    }
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await page.waitForURL(`${web.baseUrl}/account/settings`);
    expect(await page.getByTestId('account-name').textContent()).toContain(displayName);

    // footer: contact from the app settings the users service seeded
    expect(await page.getByTestId('footer-contact').textContent()).toContain('support@dealer-photo.local');

    // sign out ends the session: back to sign-in, and the account page is closed again
    await page.getByRole('button', { name: `Account menu of ${displayName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.goto(`${web.baseUrl}/account`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it("the app's Content-Security-Policy blocks an injected inline script and a picture from elsewhere, and the tests see it", async () => {
    const page = await newPage();
    await page.goto(`${web.baseUrl}/auth/login`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(peekCspViolations()).toEqual([]);
    await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      const img = document.createElement('img');
      img.src = 'http://tracker.example.test/pixel.png';
      document.body.append(img);
    })()`);
    // the page's securitypolicyviolation events (chromium's console reports come too)
    const reported = [/script-src(-elem)? blocked inline/, /img-src blocked http:\/\/tracker\.example\.test\/pixel\.png/];
    await waitFor(() => reported.every((r) => r.test(peekCspViolations().join('\n'))), 'the violations reported');
    expect(await page.evaluate('window.__injected')).toBeUndefined();
    // taken here: this test's violations are on purpose (any other fails its test)
    takeCspViolations();
  });

  it('a wrong password shows the exact message and keeps the visitor on sign-in', async () => {
    const page = await newPage();
    await signInThroughForm(page, accounts.dealer.email, 'Wrong-Pass-123!');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Incorrect username or password.');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('forgot password: code by e-mail, new password, back to sign-in, signed in with the new password', async () => {
    const person = await createAccount(web.stack, { role: 'Dealership', email: 'forgetful@example.test', displayName: 'Forgetful Cars' });
    const page = await newPage();
    await page.goto(`${web.baseUrl}/auth/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forget-password');

    await page.getByLabel(/^E-mail/).fill(person.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();

    const [mail] = await mailsTo(web.stack, person.email);
    await page.getByLabel(/^Verification code/).fill(verificationCodeIn(mail!.text));
    await page.getByLabel(/^New password/).fill('Fresh-Start-2026!');
    await page.getByLabel(/^Repeat the new password/).fill('Fresh-Start-2026!');
    await page.getByRole('button', { name: 'Change password' }).click();

    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.getByTestId('toast-notice').textContent()).toBe('Your password has been changed. Sign in with your new password.');
    expect(await page.getByLabel(/^E-mail/).inputValue()).toBe(person.email);
    await page.getByLabel(/^Password/).fill('Fresh-Start-2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  });

  it('German: the labels change, survive a reload, are saved on the user and apply at the next sign-in', async () => {
    const person = await createAccount(web.stack, { role: 'Dealership', email: 'hamburg@example.test', displayName: 'Hamburg Autos' });
    const page = await newPage();
    await signInThroughForm(page, person.email);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    // the page reloads in German
    await page.getByRole('heading', { level: 1, name: 'Aufträge' }).waitFor();
    await page.getByRole('button', { name: 'Kontomenü von Hamburg Autos' }).waitFor();
    expect(await page.getByRole('button', { name: 'Datenschutzerklärung' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Aufträge' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sprache: Deutsch' }).count()).toBe(1);

    const api = await signIn(web.stack, person.email);
    expect((await api.get('/api/me').expect(200)).body.language).toBe('de');

    // another browser (nothing stored locally): English until sign-in, then the saved German
    const other = await newPage();
    await signInThroughForm(other, person.email);
    await other.getByRole('heading', { level: 1, name: 'Aufträge' }).waitFor();
  });

  it('an unknown path goes to the 404 page with its way home', async () => {
    const page = await newPage();
    await page.goto(`${web.baseUrl}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/error/404');

    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });
});
