import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CardList, FetchingBar, FieldCard } from './CardList';
import { GridLoadError } from './GridLoadError';
import { GridPager } from './GridPager';
import { headerTextSx, headerTextWidth, SORT_ICON_PX } from './headerWidth';
import type { DataGridView } from './useDataGrid';

export interface TableColumn<Row> {
  field: string;
  header: string;
  /** sorted by the server under this field's name */
  sortable?: boolean;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** stays in view at the right edge when the table scrolls sideways (the actions) */
  sticky?: boolean;
  render: (row: Row) => ReactNode;
}

/**
 * Cells 8 px from each other (16 at the table's edges) rather than MUI's 32: a list of a dozen
 * columns then fits a 1440 px screen, and the sticky actions column covers nothing.
 */
const cellSx = { px: 1, '&:first-of-type': { pl: 2 }, '&:last-of-type': { pr: 2 } } as const;

const stickySx = { position: 'sticky', right: 0, bgcolor: 'background.paper', boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.2)' } as const;

export interface DataTableProps<Row extends { id: string }> {
  grid: DataGridView<Row>;
  columns: TableColumn<Row>[];
  /** the page a row opens, or undefined for a row that does not open */
  rowLink: (row: Row) => string | undefined;
  label: string;
  /**
   * On a narrow screen (below the theme's `sm`) each row is this card instead of a table row,
   * so that what matters fits without scrolling sideways. Without one, a row is a `FieldCard`
   * of every column (the sticky one's buttons at its foot): no list scrolls sideways on a phone.
   */
  card?: (row: Row) => ReactNode;
}

/**
 * A list drawn with MUI's plain table instead of the data grid, over the same `useDataGrid`
 * state as every list (paging by 10 in the URL, sorting by a header click, the pager and the
 * load error of `DataGridPage`). For the first pages after sign-in: the data grid alone weighs
 * about 100 KB gzip, which would take such a page over its 250 KB budget (`make bench-web`).
 * It imports nothing of `@mui/x-data-grid` but types.
 */
export function DataTable<Row extends { id: string }>({ grid, columns, rowLink, label, card }: DataTableProps<Row>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const sorted = grid.sortModel[0];

  const sortBy = (field: string) => {
    // asc, desc, then back to the list's default order
    const next = sorted?.field !== field ? 'asc' : sorted.sort === 'asc' ? 'desc' : null;
    grid.onSortModelChange(next ? [{ field, sort: next }] : []);
  };
  const open = (row: Row, event: MouseEvent | KeyboardEvent) => {
    // buttons and links in a row do their own thing
    if ((event.target as HTMLElement).closest('button, a, input')) return;
    const to = rowLink(row);
    if (to) navigate(to);
  };

  const cardOf =
    card ??
    ((row: Row) => <FieldCard fields={columns.map((column) => ({ field: column.field, header: column.header, value: column.render(row), action: column.sticky }))} />);

  if (narrow)
    return (
      <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 2 }}>
        <GridLoadError grid={grid} sx={{ borderRadius: 0 }} />
        <CardList
          rows={grid.rows}
          label={label}
          idOf={(row) => row.id}
          openerOf={(row) => {
            const to = rowLink(row);
            return to ? () => navigate(to) : undefined;
          }}
          card={cardOf}
          fetching={grid.isFetching}
          empty={!grid.isLoading && grid.rows.length === 0 && <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }} data-testid="no-rows">{t('grid.noRows')}</Box>}
        />
        <GridPager grid={grid} />
      </Paper>
    );

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 2 }}>
      <GridLoadError grid={grid} sx={{ borderRadius: 0 }} />
      <FetchingBar fetching={grid.isFetching} />
      <TableContainer>
        <Table size="small" aria-label={label} aria-rowcount={grid.total + 1}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.field}
                  align={column.align}
                  sx={{ fontWeight: 600, width: column.width, ...cellSx, ...headerTextSx, ...(column.sticky ? stickySx : {}) }}
                  sortDirection={sorted?.field === column.field ? (sorted.sort ?? false) : false}
                >
                  {/* the least width its header needs, in any language (a table cell's own min-width is not kept) */}
                  <Box component="span" sx={{ display: 'block', minWidth: headerTextWidth(column.header) + (column.sortable ? SORT_ICON_PX : 0) }}>
                    {column.sortable ? (
                      <TableSortLabel
                        active={sorted?.field === column.field}
                        direction={sorted?.field === column.field && sorted.sort ? sorted.sort : 'asc'}
                        onClick={() => sortBy(column.field)}
                      >
                        {column.header}
                      </TableSortLabel>
                    ) : (
                      column.header
                    )}
                  </Box>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {grid.rows.map((row) => {
              const link = rowLink(row);
              return (
                <TableRow
                  key={row.id}
                  hover={Boolean(link)}
                  data-id={row.id}
                  data-openable={link ? 'true' : 'false'}
                  tabIndex={link ? 0 : undefined}
                  onClick={link ? (e) => open(row, e) : undefined}
                  onKeyDown={link ? (e) => e.key === 'Enter' && open(row, e) : undefined}
                  sx={{ cursor: link ? 'pointer' : 'default', '&:last-child td': { borderBottom: 0 } }}
                >
                  {columns.map((column) => (
                    <TableCell key={column.field} align={column.align} data-field={column.field} sx={{ py: 0.75, ...cellSx, ...(column.sticky ? stickySx : {}) }}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {!grid.isLoading && grid.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 6, color: 'text.secondary', borderBottom: 0 }}>
                  {t('grid.noRows')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <GridPager grid={grid} />
    </Paper>
  );
}
