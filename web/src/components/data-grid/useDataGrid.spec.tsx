import { describe, expect, it } from '@jest/globals';
import type { Paged } from '@app/contracts/wire';
import { api } from '../../api/client';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import { fakeApi, reply, type FakeRequest } from '../../test/fakeApi';
import { LocationProbe, testQueryClient } from '../../test/render';
import { clampPage, pageCountOf, parsePage, useDataGrid, type GridMode } from './useDataGrid';

interface Car {
  id: number;
  name: string;
}

const CARS: Car[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Car ${String(i + 1).padStart(2, '0')}` }));

/** A list endpoint like the gateway's: page of 10, optional search and sort. */
function carsEndpoint(cars: Car[] = CARS) {
  return (req: FakeRequest) => {
    const page = Number(req.query.get('page') ?? '1');
    const search = req.query.get('search') ?? '';
    let rows = cars.filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
    if (req.query.get('sort') === 'name') rows = [...rows].sort((a, b) => a.name.localeCompare(b.name) * (req.query.get('order') === 'DESC' ? -1 : 1));
    return reply(200, { items: rows.slice((page - 1) * 10, page * 10), total: rows.length, page, pageSize: 10 });
  };
}

function setup(url: string, cars?: Car[], mode?: GridMode) {
  const gateway = fakeApi({ 'GET /cars': carsEndpoint(cars) });
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  const hook = renderHook(() => useDataGrid<Car, 'search' | 'status'>({ queryKey: ['cars', 'list'], fetchPage: (query, signal) => api.get<Paged<Car>>('/cars', { query, signal }), filters: ['search', 'status'], ...(mode ? { mode } : {}) }), { wrapper });
  const location = () => screen.getByTestId('location').textContent;
  const lastQuery = () => Object.fromEntries(gateway.to('GET /cars').at(-1)!.query);
  return { gateway, hook, location, lastQuery, queryClient };
}

describe('useDataGrid: paging', () => {
  it('asks for page 1 of 10 and reports the page count', async () => {
    const { hook, lastQuery } = setup('/cars');
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(10));
    expect(lastQuery()).toEqual({ page: '1' });
    expect(hook.result.current).toMatchObject({ page: 1, pageCount: 3, total: 23, pageSize: 10, canPrevious: false, canNext: true });
    expect(hook.result.current.paginationModel).toEqual({ page: 0, pageSize: 10 });
  });

  it('next, last, previous and first move through the pages and keep the page in the URL', async () => {
    const { hook, location, lastQuery } = setup('/cars');
    await waitFor(() => expect(hook.result.current.total).toBe(23));

    act(() => hook.result.current.next());
    await waitFor(() => expect(hook.result.current.rows[0]?.name).toBe('Car 11'));
    expect(location()).toBe('/cars?page=2');
    expect(lastQuery()).toEqual({ page: '2' });

    act(() => hook.result.current.last());
    await waitFor(() => expect(hook.result.current.rows.map((r) => r.name)).toEqual(['Car 21', 'Car 22', 'Car 23']));
    expect(location()).toBe('/cars?page=3');
    expect(hook.result.current.canNext).toBe(false);

    // no page past the last
    act(() => hook.result.current.next());
    expect(location()).toBe('/cars?page=3');

    act(() => hook.result.current.previous());
    await waitFor(() => expect(location()).toBe('/cars?page=2'));

    act(() => hook.result.current.first());
    await waitFor(() => expect(hook.result.current.rows[0]?.name).toBe('Car 01'));
    // page 1 is the default and is not written
    expect(location()).toBe('/cars');
  });

  it('the grid speaks 0-based pages, the URL and the server 1-based', async () => {
    const { hook, location } = setup('/cars');
    await waitFor(() => expect(hook.result.current.total).toBe(23));
    act(() => hook.result.current.onPaginationModelChange({ page: 2, pageSize: 10 }));
    await waitFor(() => expect(location()).toBe('/cars?page=3'));
    expect(hook.result.current.paginationModel.page).toBe(2);
  });

  it('opens at the page of the URL (a reload or a shared link)', async () => {
    const { hook, lastQuery } = setup('/cars?page=2');
    await waitFor(() => expect(hook.result.current.rows[0]?.name).toBe('Car 11'));
    expect(lastQuery()).toEqual({ page: '2' });
  });

  it('keeps the page within 1..max: a page past the end moves to the last page', async () => {
    const { hook, location } = setup('/cars?page=9');
    await waitFor(() => expect(location()).toBe('/cars?page=3'));
    await waitFor(() => expect(hook.result.current.rows[0]?.name).toBe('Car 21'));
  });

  it.each(['0', '-2', 'abc', '1.5'])('a malformed page (%s) is page 1', async (raw) => {
    const { hook, location, lastQuery } = setup(`/cars?page=${raw}`);
    await waitFor(() => expect(hook.result.current.rows[0]?.name).toBe('Car 01'));
    expect(lastQuery()).toEqual({ page: '1' });
    await waitFor(() => expect(location()).toBe('/cars'));
  });

  it('an empty list has one page', async () => {
    const { hook } = setup('/cars', []);
    await waitFor(() => expect(hook.result.current.isLoading).toBe(false));
    expect(hook.result.current).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1, canNext: false, canPrevious: false });
  });
});

describe('useDataGrid: filters and sorting', () => {
  it('a filter goes to the URL and the server, and returns to page 1', async () => {
    const { hook, location, lastQuery } = setup('/cars?page=3');
    await waitFor(() => expect(hook.result.current.page).toBe(3));

    act(() => hook.result.current.setFilter('search', 'car 1'));
    await waitFor(() => expect(hook.result.current.total).toBe(10));
    expect(location()).toBe('/cars?search=car+1');
    expect(lastQuery()).toEqual({ page: '1', search: 'car 1' });
    expect(hook.result.current.filters).toEqual({ search: 'car 1', status: '' });
  });

  it('filters come from the URL; empty ones are not sent', async () => {
    const { hook, lastQuery } = setup('/cars?search=car%202&status=&page=1');
    await waitFor(() => expect(hook.result.current.total).toBe(4));
    expect(lastQuery()).toEqual({ page: '1', search: 'car 2' });
  });

  it('reset removes every filter and the page', async () => {
    const { hook, location } = setup('/cars?search=car&status=new&page=2&other=kept');
    await waitFor(() => expect(hook.result.current.page).toBe(2));
    act(() => hook.result.current.resetFilters());
    await waitFor(() => expect(location()).toBe('/cars?other=kept'));
  });

  it('sorting goes to the URL and the server as sort/order, back to page 1; unsorting removes it', async () => {
    const { hook, location, lastQuery } = setup('/cars?page=2');
    await waitFor(() => expect(hook.result.current.page).toBe(2));

    act(() => hook.result.current.onSortModelChange([{ field: 'name', sort: 'desc' }]));
    await waitFor(() => expect(hook.result.current.rows[0]?.name).toBe('Car 23'));
    expect(location()).toBe('/cars?sort=name&order=desc');
    expect(lastQuery()).toEqual({ page: '1', sort: 'name', order: 'DESC' });
    expect(hook.result.current.sortModel).toEqual([{ field: 'name', sort: 'desc' }]);

    act(() => hook.result.current.onSortModelChange([]));
    await waitFor(() => expect(location()).toBe('/cars'));
    expect(hook.result.current.sortModel).toEqual([]);
  });

  it('caches the page under the list key it was given, with the query added', async () => {
    const { hook, gateway, queryClient } = setup('/cars?search=car%201');
    await waitFor(() => expect(hook.result.current.total).toBe(10));
    expect(hook.result.current.query).toEqual({ page: 1, search: 'car 1' });
    expect(gateway.to('GET /cars')).toHaveLength(1);
    expect(queryClient.getQueryData(['cars', 'list', { page: 1, search: 'car 1' }])).toMatchObject({ total: 10 });
  });
});

describe('useDataGrid: local and infinite modes', () => {
  it('local: pages and filters in the component, the URL left alone', async () => {
    const { hook, location, lastQuery } = setup('/cars?page=3', undefined, 'local');
    await waitFor(() => expect(hook.result.current.rows[0]?.name).toBe('Car 01'));
    act(() => hook.result.current.next());
    await waitFor(() => expect(hook.result.current.rows[0]?.name).toBe('Car 11'));
    expect(lastQuery()).toEqual({ page: '2' });
    act(() => hook.result.current.setFilter('search', 'car 2'));
    await waitFor(() => expect(hook.result.current.total).toBe(4));
    expect(lastQuery()).toEqual({ page: '1', search: 'car 2' });
    expect(hook.result.current.page).toBe(1);
    expect(location()).toBe('/cars?page=3');
  });

  it('infinite: the loaded pages one after another, "load more" until none is left', async () => {
    const { hook, gateway, location } = setup('/cars', undefined, 'infinite');
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(10));
    expect(hook.result.current.hasMore).toBe(true);
    act(() => hook.result.current.loadMore());
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(20));
    act(() => hook.result.current.loadMore());
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(23));
    expect(hook.result.current.hasMore).toBe(false);
    expect(hook.result.current.rows.map((c) => c.id)).toEqual(CARS.map((c) => c.id));
    expect(gateway.to('GET /cars').map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
    expect(location()).toBe('/cars');
  });
});

describe('page arithmetic', () => {
  it('parses, counts and clamps', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('7')).toBe(7);
    expect(parsePage(' 3 ')).toBe(3);
    expect(parsePage('x')).toBe(1);
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(10)).toBe(1);
    expect(pageCountOf(11)).toBe(2);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
  });
});
