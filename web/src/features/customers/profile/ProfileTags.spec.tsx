import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeView, TagView, UserView } from '@app/contracts/wire';
import { sessionStore } from '../../../api/session';
import { fakeApi, reply, testUser, type FakeHandler, type FakeRequest } from '../../../test/fakeApi';
import { renderAppAt } from '../../../test/render';
import { expectVisible } from '../../../test/visible';

jest.setTimeout(20_000);

const ACCOUNT_ID = '22222222-2222-4222-8222-222222222222';
const tag = (id: string, name: string, category: TagView['category']): TagView => ({ id, name, category, entity: 'user', color: 'green', createdAt: '', updatedAt: '' });
const KEY = tag('u-key', 'Key account', 'PRIORITY');
const EDITOR = tag('u-editor', 'Editor', 'QA_EDITOR');

function serve(role: MeView['userRole'], more: Record<string, FakeHandler> = {}) {
  const me = testUser({ id: '99999999-9999-4999-8999-999999999999', userRole: role, permissions: [] });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, me);
  const { loggedInSalesPersonInfo: _ignored, ...viewed } = testUser({ id: ACCOUNT_ID, displayName: 'Nordic Cars', email: 'nordic@cars.test' });
  let on: TagView[] = [KEY];
  return fakeApi({
    'GET /me': () => reply(200, me),
    'GET /appSettings': () => reply(200, []),
    [`GET /users/${ACCOUNT_ID}`]: () => reply(200, viewed as UserView),
    [`GET /dashboard/userStatistics/${ACCOUNT_ID}`]: () => reply(200, { ordersCount: 1, salesManCount: 0 }),
    'GET /orders/get-orders': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    [`GET /salesman/user/${ACCOUNT_ID}/all`]: () => reply(200, []),
    'GET /tags': (req: FakeRequest) => {
      const items = req.query.get('entity') === 'user' ? [KEY, EDITOR] : [];
      return reply(200, { items, total: items.length, page: 1, pageSize: 10 });
    },
    [`GET /tags/get/users/${ACCOUNT_ID}`]: () => reply(200, on),
    [`POST /tags/users/${ACCOUNT_ID}`]: (req: FakeRequest) => {
      on = [...on, [KEY, EDITOR].find((t) => t.id === (req.body as { tagId: string }).tagId)!];
      return reply(200, on);
    },
    'DELETE /tags': (req: FakeRequest) => {
      on = on.filter((t) => t.id !== (req.body as { tagId: string }).tagId);
      return reply(200, on);
    },
    ...more,
  });
}

describe('the account tags on /profile/{id}', () => {
  it('shows them grouped by category; the admin adds one and takes one off', async () => {
    const api = serve('Admin');
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    const section = await screen.findByTestId('profile-tags');
    expectVisible(within(section).getByText('Account tags'));
    const priority = await within(section).findByTestId('tag-group-PRIORITY');
    expect(within(priority).getByText('Key account')).toBeTruthy();

    fireEvent.mouseDown(within(section).getByRole('combobox', { name: 'Add a tag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Editor · QA editor' }));
    await waitFor(() => expect(api.to(`POST /tags/users/${ACCOUNT_ID}`)).toHaveLength(1));
    expect(api.to(`POST /tags/users/${ACCOUNT_ID}`)[0]!.body).toEqual({ tagId: 'u-editor' });
    expect(within(await within(section).findByTestId('tag-group-QA_EDITOR')).getByText('Editor')).toBeTruthy();
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Tag added');

    fireEvent.click(within(section).getByText('Key account').closest('.MuiChip-root')!.querySelector('.MuiChip-deleteIcon')!);
    await waitFor(() => expect(api.to('DELETE /tags')[0]?.body).toEqual({ tagId: 'u-key', entity: 'users', entityId: ACCOUNT_ID }));
    await waitFor(() => expect(within(section).queryByTestId('tag-group-PRIORITY')).toBeNull());
  });

  it('QA sees and changes them too', async () => {
    serve('QA');
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    const section = await screen.findByTestId('profile-tags');
    await within(section).findByText('Key account');
    expect(within(section).getByRole('combobox', { name: 'Add a tag' })).toBeTruthy();
  });

  it('says so when the account has no tags', async () => {
    serve('Admin', { [`GET /tags/get/users/${ACCOUNT_ID}`]: () => reply(200, []) });
    renderAppAt(`/profile/${ACCOUNT_ID}/orders`);
    expectVisible(await within(await screen.findByTestId('profile-tags')).findByText('No tags yet'));
  });
});
