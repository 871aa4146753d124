import { describe, expect, it, jest } from '@jest/globals';
import type { Paged } from '@app/contracts/wire';
import { api } from '../../api/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GridColDef, GridRowId } from '@mui/x-data-grid';
import { fakeApi, reply, type FakeRequest } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { DataGridPage } from './DataGridPage';
import { useStandardColumns } from './columns';
import { useDataGrid } from './useDataGrid';
import { expectVisible } from '../../test/visible';
import { narrowScreen } from '../../test/narrowScreen';

interface Tag {
  id: number;
  name: string;
  color: string;
}

interface Style {
  id: string;
  name: string;
  status: string;
  tags: Tag[];
  createdAt: string;
  updatedAt: string;
}

const STYLES: Style[] = Array.from({ length: 12 }, (_, i) => ({
  id: `s${i + 1}`,
  name: `Style ${i + 1}`,
  status: i === 1 ? 'draft' : 'ready',
  tags: i === 0 ? [{ id: 1, name: 'Priority', color: 'red' }, { id: 2, name: 'VIP', color: '#00ff00' }] : [],
  createdAt: new Date(2026, 0, 2, 3, 4, 5).toISOString(),
  updatedAt: new Date(2026, 10, 12, 13, 14, 15).toISOString(),
}));

function stylesEndpoint(req: FakeRequest) {
  const page = Number(req.query.get('page') ?? '1');
  const search = req.query.get('search') ?? '';
  const sorted = req.query.get('order') === 'DESC' ? [...STYLES].reverse() : STYLES;
  const rows = sorted.filter((s) => s.name.includes(search));
  return reply(200, { items: rows.slice((page - 1) * 10, page * 10), total: rows.length, page, pageSize: 10 });
}

/** A list screen as later issues write it: columns and callbacks, no paging code. */
function StylesScreen({
  onDelete,
  onSelection,
  withFilter = false,
}: {
  onDelete?: (row: Style) => void;
  onSelection?: (ids: GridRowId[]) => void;
  withFilter?: boolean;
}) {
  const grid = useDataGrid<Style, 'search'>({ queryKey: ['styles', 'list'], fetchPage: (query, signal) => api.get<Paged<Style>>('/styles', { query, signal }), filters: ['search'] });
  const std = useStandardColumns<Style>();
  const columns: GridColDef<Style>[] = [
    { field: 'name', headerName: 'Name', flex: 1 },
    std.tags(),
    std.created(),
    std.updated(),
    ...(onDelete ? [std.delete(onDelete, (row: Style) => `Delete ${row.name}`)] : []),
  ];
  return (
    <DataGridPage
      grid={grid}
      columns={columns}
      title="Styles"
      checkboxSelection={Boolean(onSelection)}
      onSelectionChange={onSelection}
      rowLink={(row) => (row.status === 'ready' ? `/styles/${row.id}` : undefined)}
      filters={
        withFilter ? (
          <input aria-label="Search" value={grid.filters.search} onChange={(e) => grid.setFilter('search', e.target.value)} />
        ) : undefined
      }
    />
  );
}

const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

describe('DataGridPage against a fake list endpoint', () => {
  it('shows a page of 10 with created/updated times, tag badges, and where we are', async () => {
    fakeApi({ 'GET /styles': stylesEndpoint });
    renderWithApp(<StylesScreen />, { route: '/styles' });

    expectVisible(await screen.findByText('Style 1'));
    expectVisible(screen.getByText('Style 10'));
    expect(screen.queryByText('Style 11')).toBeNull();
    expect(screen.getByTestId('grid-page').textContent).toBe('Page 1 of 2');
    expect(screen.getByTestId('grid-total').textContent).toBe('12 in total');
    const first = rowOf('Style 1');
    expectVisible(within(first).getByText('2026-01-02 03:04:05'));
    expectVisible(within(first).getByText('2026-11-12 13:14:15'));
    expect(within(first).getByText('Priority').closest('[data-tag-color]')?.getAttribute('data-tag-color')).toBe('#d32f2f');
    expect(within(first).getByText('VIP').closest('[data-tag-color]')?.getAttribute('data-tag-color')).toBe('#00ff00');
  });

  it('runs no loading animation once the page is there (a list left open keeps the browser idle)', async () => {
    fakeApi({ 'GET /styles': stylesEndpoint });
    const { container } = renderWithApp(<StylesScreen />, { route: '/styles' });
    expectVisible(await screen.findByText('Style 1'));
    await waitFor(() => expect(container.querySelector('.MuiLinearProgress-root')).toBeNull());
  });

  it('first / previous / next / last, disabled at the ends', async () => {
    const gateway = fakeApi({ 'GET /styles': stylesEndpoint });
    renderWithApp(<StylesScreen />, { route: '/styles' });
    await screen.findByText('Style 1');

    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button('First page').disabled).toBe(true);
    expect(button('Previous page').disabled).toBe(true);

    fireEvent.click(button('Next page'));
    expectVisible(await screen.findByText('Style 11'));
    expect(screen.getByTestId('grid-page').textContent).toBe('Page 2 of 2');
    expect(screen.getByTestId('location').textContent).toBe('/styles?page=2');
    expect(button('Next page').disabled).toBe(true);
    expect(button('Last page').disabled).toBe(true);

    fireEvent.click(button('First page'));
    expectVisible(await screen.findByText('Style 1'));
    fireEvent.click(button('Last page'));
    expectVisible(await screen.findByText('Style 12'));
    fireEvent.click(button('Previous page'));
    expectVisible(await screen.findByText('Style 1'));
    expect(gateway.to('GET /styles').map((r) => r.query.get('page'))).toEqual(['1', '2', '1', '2', '1']);
  });

  it('sorting by a header click asks the server and writes the URL', async () => {
    const gateway = fakeApi({ 'GET /styles': stylesEndpoint });
    renderWithApp(<StylesScreen />, { route: '/styles?page=2' });
    await screen.findByText('Style 11');

    fireEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/styles?sort=name&order=asc'));
    fireEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/styles?sort=name&order=desc'));
    expectVisible(await screen.findByText('Style 12'));
    expect(Object.fromEntries(gateway.to('GET /styles').at(-1)!.query)).toEqual({ page: '1', sort: 'name', order: 'DESC' });
  });

  it('a clickable row opens its detail; a row without a link does not', async () => {
    fakeApi({ 'GET /styles': stylesEndpoint });
    renderWithApp(<StylesScreen />, { route: '/styles' });
    await screen.findByText('Style 1');

    fireEvent.click(screen.getByText('Style 2'));
    expect(screen.getByTestId('location').textContent).toBe('/styles');
    fireEvent.click(screen.getByText('Style 3'));
    expect(screen.getByTestId('location').textContent).toBe('/styles/s3');
  });

  it('the delete column calls back with the row and does not open it', async () => {
    fakeApi({ 'GET /styles': stylesEndpoint });
    const onDelete = jest.fn<(row: Style) => void>();
    renderWithApp(<StylesScreen onDelete={onDelete} />, { route: '/styles' });
    await screen.findByText('Style 1');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Style 4' }));

    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onDelete.mock.calls[0]![0].id).toBe('s4');
    expect(screen.getByTestId('location').textContent).toBe('/styles');
  });

  it('checkbox selection reports the chosen ids and counts them', async () => {
    fakeApi({ 'GET /styles': stylesEndpoint });
    const onSelection = jest.fn<(ids: GridRowId[]) => void>();
    renderWithApp(<StylesScreen onSelection={onSelection} />, { route: '/styles' });
    await screen.findByText('Style 1');

    fireEvent.click(within(rowOf('Style 3')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Style 5')).getByRole('checkbox'));

    expect(onSelection).toHaveBeenLastCalledWith(['s3', 's5']);
    expect(screen.getByTestId('grid-selected').textContent).toBe('2 selected');
    // the checkbox does not open the row
    expect(screen.getByTestId('location').textContent).toBe('/styles');
  });

  it('says so when the list cannot be loaded', async () => {
    fakeApi({ 'GET /styles': () => reply(500, { statusCode: 500, message: 'Internal server error' }) });
    renderWithApp(<StylesScreen />, { route: '/styles' });
    expectVisible(await screen.findByText('The list could not be loaded.'));
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("a filter control beside the grid: back to page 1, in the URL, and reset", async () => {
    const gateway = fakeApi({ 'GET /styles': stylesEndpoint });
    renderWithApp(<StylesScreen withFilter />, { route: '/styles?page=2' });
    await screen.findByText('Style 11');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'Style 1' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/styles?search=Style+1'));
    expectVisible(await screen.findByText('Style 10'));
    expect(screen.getByTestId('grid-total').textContent).toBe('4 in total');
    expect(Object.fromEntries(gateway.to('GET /styles').at(-1)!.query)).toEqual({ page: '1', search: 'Style 1' });

    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/styles'));
    await waitFor(() => expect(screen.getByTestId('grid-total').textContent).toBe('12 in total'));
  });

  it('on a phone each row is a card: every column as header and value, the buttons at its foot, and it opens as the row does', async () => {
    const restore = narrowScreen();
    try {
      fakeApi({ 'GET /styles': stylesEndpoint });
      const onDelete = jest.fn();
      renderWithApp(<StylesScreen onDelete={onDelete} />, { route: '/styles' });
      const list = await screen.findByRole('list', { name: 'Styles' });
      expect(screen.queryByRole('grid')).toBeNull();
      const cards = await within(list).findAllByRole('listitem');
      expect(cards).toHaveLength(10);
      const first = cards[0]!;
      expectVisible(within(first).getByText('Style 1'));
      // the formatted value, under its header
      const created = within(first).getByText('2026-01-02 03:04:05');
      expect(created.previousElementSibling?.textContent).toBe('Created');
      expectVisible(within(first).getByText('VIP'));
      fireEvent.click(within(first).getByRole('button', { name: 'Delete Style 1' }));
      expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 's1' }));
      expect(screen.getByTestId('location').textContent).toBe('/styles');
      // a draft does not open; a ready one does
      expect(cards[1]!.getAttribute('data-openable')).toBe('false');
      fireEvent.click(within(cards[2]!).getByText('Style 3'));
      expect(screen.getByTestId('location').textContent).toBe('/styles/s3');
    } finally {
      restore();
    }
  });
});
