import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TagView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fakeApi, reply, testUser, type FakeRequest } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';

jest.setTimeout(20_000);

const tag = (id: string, name: string, category: TagView['category'], entity: TagView['entity']): TagView => ({
  id,
  name,
  category,
  entity,
  color: 'blue',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
});
const TAGS = [tag('t1', 'Rush', 'PRIORITY', 'order'), tag('t2', 'Blurry picture', 'IMAGE_ERROR', 'image'), tag('t3', 'Key account', 'PRIORITY', 'user')];

/** GET /api/tags filtering as the server does, by category and entity. */
function serve() {
  const user = testUser({ userRole: 'Admin', permissions: [] });
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  return fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    'GET /tags': (req: FakeRequest) => {
      const category = req.query.get('category');
      const entity = req.query.get('entity');
      const items = TAGS.filter((t) => (!category || t.category === category) && (!entity || t.entity === entity));
      return reply(200, { items, total: items.length, page: 1, pageSize: 10 });
    },
  });
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('/admin/tags filters', () => {
  it('puts the category and entity filters in the URL and asks the server with them', async () => {
    const api = serve();
    renderAppAt('/admin/tags');
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Blurry picture');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'PRIORITY' }));
    await waitFor(() => expect(location()).toContain('category=PRIORITY'));
    await waitFor(() => expect(within(grid).queryByText('Blurry picture')).toBeNull());
    expect(within(grid).getByText('Rush')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Applies to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'User' }));
    await waitFor(() => expect(location()).toContain('entity=user'));
    await waitFor(() => expect(within(grid).queryByText('Rush')).toBeNull());
    expect(within(grid).getByText('Key account')).toBeTruthy();
    const last = api.to('GET /tags').at(-1)!;
    expect(last.query.get('category')).toBe('PRIORITY');
    expect(last.query.get('entity')).toBe('user');

    // All again: the parameter leaves the URL
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(location()).not.toContain('category='));
  });

  it('opens a shared link with its filters applied', async () => {
    const api = serve();
    renderAppAt('/admin/tags?category=IMAGE_ERROR&entity=image');
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Blurry picture');
    expect(within(grid).queryByText('Rush')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toBe('IMAGE_ERROR');
    expect(screen.getByRole('combobox', { name: 'Applies to' }).textContent).toBe('Image');
    expect(api.to('GET /tags')[0]!.query.get('category')).toBe('IMAGE_ERROR');
  });
});
