import { testPng } from '@app/testing';
import { createAccount, screenshot, signIn as apiSignIn, submitSignInForm, useBrowserStack, type TestAccount } from '../support';
import type { Page } from 'playwright-core';
import { EXPECTED_ADMIN_TABS } from '../../web/src/test/adminTabs';

/**
 * The admin area and the style guide builder in Debian's chromium against the whole product
 * booted in-process (set up as shell.browser-spec.ts): an admin creates an angle (overlay
 * uploaded straight to storage), builds a guide with a logo, a background and three
 * configurations, duplicates it and finds the copy in the list; QA sees only the style
 * guides tab.
 */

describe('admin area and style guide builder in chromium', () => {
  const web = useBrowserStack('browser-admin');
  let admin: TestAccount;
  let qa: TestAccount;
  let png: Buffer;

  beforeAll(async () => {
    admin = await createAccount(web.stack, { role: 'Admin', displayName: 'Ada Admin', email: 'ada.sg@example.test' });
    qa = await createAccount(web.stack, { role: 'QA', roleTags: ['QA_EDITOR'], displayName: 'Quinn Editor', email: 'quinn.sg@example.test' });
    png = await testPng(64, '#3a6f1f');
  });

  const newPage = (): Promise<Page> => web.newPage({ viewport: { width: 1280, height: 800 }, timeoutMs: 15_000 });

  async function signIn(page: Page, email: string) {
    await submitSignInForm(page, web.baseUrl, email);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  }

  /** SCREENSHOTS=/some/dir keeps pictures of the screens on the way (to look at them). */
  const file = (name: string) => ({ name, mimeType: 'image/png', buffer: png });
  const tabs = async (page: Page) => {
    await page.getByTestId('admin-tab-admin-style-guides').waitFor();
    return page.locator('[data-testid^="admin-tab-"]').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  };

  async function addConfiguration(page: Page, count: number, type: 'IMAGE' | 'FEATURED') {
    const form = page.getByTestId('configuration-new');
    if (type === 'FEATURED') {
      await form.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'FEATURED' }).click();
      expect(await form.getByRole('combobox', { name: 'Angle' }).count()).toBe(0);
      // a FEATURED configuration needs its featured image (and has no angle overlay slot)
      expect(await form.getByTestId('config-slot-angle_overlay').count()).toBe(0);
      await form.getByTestId('config-slot-featured').getByLabel('Featured image').setInputFiles(file('featured.png'));
    } else {
      await form.getByRole('combobox', { name: /^Angle/ }).click();
      await page.getByRole('option', { name: 'Front three-quarter' }).click();
    }
    await form.getByRole('button', { name: 'Add configuration' }).click();
    await page.getByRole('heading', { name: `Configurations (${count})` }).waitFor();
  }

  it('an admin creates an angle, builds a guide with a logo, a background and three configurations, duplicates it and finds the copy', async () => {
    const page = await newPage();
    await signIn(page, admin.email);

    // /admin opens the style guides tab; the admin sees every tab
    await page.goto(`${web.baseUrl}/admin`);
    await page.waitForURL(`${web.baseUrl}/admin/style-guides-v2`);
    expect(await tabs(page)).toEqual(EXPECTED_ADMIN_TABS);

    // an angle: the overlay goes through POST /api/media and the presigned POST
    await page.getByTestId('admin-tab-admin-angles').click();
    await page.getByRole('button', { name: 'Create angle' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('Front three-quarter');
    await dialog.getByLabel('Angle overlay', { exact: true }).setInputFiles(file('front.png'));
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const angleCell = page.locator('[role="gridcell"][data-field="name"]', { hasText: 'Front three-quarter' });
    await angleCell.waitFor();
    // the overlay shows as a thumbnail in its row
    await page.getByRole('gridcell').getByRole('img', { name: 'Front three-quarter' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // its row opens the edit modal at /admin/angle/{id}
    await angleCell.click();
    await page.waitForURL(/\/admin\/angle\/[0-9a-f-]{36}$/);
    expect(await page.getByRole('dialog').getByLabel(/^Name/).inputValue()).toBe('Front three-quarter');
    await page.getByRole('dialog').getByRole('img', { name: 'Angle overlay' }).waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    await screenshot(page, 'angle-edit-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${web.baseUrl}/admin/angles`);

    // the builder, step 1: the first Continue creates the guide, uploads the media, patches it
    await page.getByTestId('admin-tab-admin-style-guides').click();
    await page.getByRole('link', { name: 'Create style guide' }).click();
    await page.waitForURL(`${web.baseUrl}/create-style-guide-v2`);
    await page.getByLabel(/^Name/).fill('Harbour Studio');
    await page.getByLabel(/^Max. image size/).fill('750');
    await page.getByTestId('slot-logo').getByLabel('Logo').setInputFiles(file('logo.png'));
    await page.getByTestId('slot-background').getByLabel('Background').setInputFiles(file('background.png'));
    await screenshot(page, 'builder-step1-new');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Configurations (0)' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/style-guide-v2\/[0-9a-f-]{36}$/);
    const guideId = new URL(page.url()).pathname.split('/').pop()!;

    // step 2: three configurations, sorted by position
    await addConfiguration(page, 1, 'IMAGE');
    await addConfiguration(page, 2, 'IMAGE');
    await addConfiguration(page, 3, 'FEATURED');
    const positions = await page.locator('[data-testid^="configuration-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(positions).toEqual(['configuration-1', 'configuration-2', 'configuration-3', 'configuration-new']);
    // position 2 comes after the frame-free images, at 5
    const second = page.getByTestId('configuration-2');
    await second.getByLabel('After frame-free').check();
    await second.getByLabel(/^Position after frame-free/).fill('5');
    await screenshot(page, 'builder-step2');
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/style-guide-configurations/') && r.request().method() === 'PUT' && r.ok()),
      second.getByRole('button', { name: 'Update configuration' }).click(),
    ]);

    // the saved guide has the featured image at position 3 (read through the API), and the
    // builder shows it after a reload
    const saved = await (await apiSignIn(web.stack, admin.email)).get(`/api/style-guides/${guideId}`).expect(200);
    await page.reload();
    const view = saved.body as {
      configurations: Array<{ position: number; type: string; afterFrameFree: boolean; positionAfterFrameFree: number | null; featuredImage: { id: string; url: string | null } | null }>;
    };
    const third = view.configurations.find((c) => c.position === 3)!;
    expect(third.type).toBe('FEATURED');
    expect(third.featuredImage?.url).toBeTruthy();
    expect(view.configurations.filter((c) => c.position !== 3).every((c) => c.featuredImage === null)).toBe(true);
    expect(view.configurations.map((c) => [c.position, c.afterFrameFree, c.positionAfterFrameFree])).toEqual([
      [1, false, null],
      [2, true, 5],
      [3, false, null],
    ]);
    await page.getByTestId('configuration-3').getByTestId('config-slot-featured').getByRole('img', { name: 'Featured image' }).waitFor();

    // back on step 1 the media are there and the size came back in KB
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('slot-logo').getByRole('img', { name: 'Logo' }).waitFor();
    await page.getByTestId('slot-background').getByRole('img', { name: 'Background' }).waitFor();
    expect(await page.getByLabel(/^Max. image size/).inputValue()).toBe('750');
    await screenshot(page, 'builder-step1-saved');

    // duplicate opens the copy
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harbour Studio-COPY' }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe(`/style-guide-v2/${guideId}`);

    // and the list finds it
    await page.goto(`${web.baseUrl}/admin/style-guides-v2`);
    await page.getByLabel('Search').fill('Harbour');
    const copyRow = page.getByRole('row', { name: /Harbour Studio-COPY/ });
    await copyRow.waitFor();
    expect(await copyRow.getByRole('gridcell').nth(3).textContent()).toBe('3');
    await page.getByRole('row', { name: /Harbour Studio(?!-COPY)/ }).first().waitFor();
    await screenshot(page, 'style-guides-tab');
    await page.getByRole('button', { name: 'Delete Harbour Studio-COPY' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Harbour');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Invalid name').waitFor();
    await screenshot(page, 'delete-confirm');
    await page.getByRole('dialog').getByLabel('Name').fill('Harbour Studio-COPY');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await copyRow.waitFor({ state: 'detached' });
    await page.getByTestId('admin-tab-admin-app-settings').click();
    await page.getByRole('gridcell', { name: 'CONTACT_EMAIL', exact: true }).waitFor();
    await screenshot(page, 'app-settings-tab');
    await page.getByTestId('admin-tab-admin-tags').click();
    await page.getByRole('button', { name: 'Create tag' }).click();
    await page.getByRole('dialog').getByLabel(/^Name/).fill('  Rush  ');
    await screenshot(page, 'tag-create-modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // every installation starts with its image-error tags: more than a page, so the new one is searched for
    await page.getByLabel('Search').fill('rush');
    await page.locator('[role="gridcell"][data-field="name"]', { hasText: 'Rush' }).waitFor();

    // an app version: created in the modal, deleted by its typed version
    await page.getByTestId('admin-tab-admin-app-versions').click();
    await page.getByRole('button', { name: 'Create app version' }).click();
    await page.getByRole('dialog').getByLabel(/^Version/).fill('2.0.1');
    await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
    const versionRow = page.getByRole('row', { name: /2\.0\.1/ });
    await versionRow.waitFor();
    await page.getByRole('button', { name: 'Delete version 2.0.1' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('2.0.1');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await versionRow.waitFor({ state: 'detached' });
  });

  it('QA sees only the style guides tab', async () => {
    const page = await newPage();
    await signIn(page, qa.email);
    await page.goto(`${web.baseUrl}/admin`);
    await page.waitForURL(`${web.baseUrl}/admin/style-guides-v2`);
    await page.getByRole('button', { name: 'Create style guide' }).or(page.getByRole('link', { name: 'Create style guide' })).waitFor();
    expect(await tabs(page)).toEqual(['/admin/style-guides-v2']);
    // the header's Admin sub-menu agrees
    await page.getByTestId('header-menu').getByRole('button', { name: 'Admin' }).click();
    const items = await page.getByRole('menuitem').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(items).toEqual(['/admin/style-guides-v2']);
  });
});
