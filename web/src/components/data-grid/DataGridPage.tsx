import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridEventListener,
  type GridLocaleText,
  type GridRenderCellParams,
  type GridRowId,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CardList, FieldCard, type CardField } from './CardList';
import { GridLoadError } from './GridLoadError';
import { headerMinWidth, headerTextSx } from './headerWidth';
import { GridPager } from './GridPager';
import type { DataGridView } from './useDataGrid';

export interface DataGridPageProps<Row extends GridValidRowModel> {
  /** what `useDataGrid` returned */
  grid: DataGridView<Row>;
  columns: GridColDef<Row>[];
  title?: string;
  /** the list's filter controls, above the grid (they call `grid.setFilter`) */
  filters?: ReactNode;
  /** buttons beside the title */
  actions?: ReactNode;
  /** a checkbox column; the chosen ids are reported */
  checkboxSelection?: boolean;
  onSelectionChange?: (ids: GridRowId[]) => void;
  /** a clickable row opens this path (return undefined for rows that do not open) */
  rowLink?: (row: Row) => string | undefined;
  /** opens a row in place (a modal) instead of a route; clicking or Enter on the row calls it */
  onRowOpen?: (row: Row) => void;
  getRowId?: (row: Row) => GridRowId;
  /** accessible name of the grid */
  label?: string;
  /** inline editing of rows (row edit mode, controlled by the screen): passed to the grid as they are */
  editing?: GridEditing<Row>;
}

/**
 * Every column at least as wide as its header needs (two lines at most, words and CJK runs
 * whole), in whatever language the header is: a fixed width grows to it, a flex column gets it
 * as its minimum.
 */
export function fitHeaders<Row extends GridValidRowModel>(columns: GridColDef<Row>[]): GridColDef<Row>[] {
  return columns.map((column) => {
    const least = headerMinWidth(column.headerName ?? '', column.sortable !== false);
    return {
      ...column,
      minWidth: Math.max(column.minWidth ?? 50, least),
      ...(column.width !== undefined ? { width: Math.max(column.width, least) } : {}),
    };
  });
}

/** What a screen that edits rows in place gives the grid. */
export type GridEditing<Row extends GridValidRowModel> = Pick<
  DataGridProps<Row>,
  'editMode' | 'rowModesModel' | 'onRowModesModelChange' | 'processRowUpdate' | 'onProcessRowUpdateError' | 'onRowEditStart' | 'onRowEditStop' | 'isCellEditable' | 'apiRef'
>;

/**
 * What a column's cell shows for a row, outside the grid (a phone's card): its `renderCell`
 * with the params the list screens read (`row`, `value`, `formattedValue`, `field`, `id`), or
 * its value through `valueGetter` and `valueFormatter`. Columns whose field starts with `__`
 * (delete, actions) are the card's buttons.
 */
export function cardFields<Row extends GridValidRowModel>(columns: GridColDef<Row>[], row: Row, id: GridRowId): CardField[] {
  return columns.map((column) => {
    const raw = (row as Record<string, unknown>)[column.field];
    // the grid's api is not there outside the grid: no list screen's getter or formatter reads it
    const api = undefined as never;
    const value = column.valueGetter ? column.valueGetter(raw as never, row, column, api) : raw;
    const formatted = column.valueFormatter ? column.valueFormatter(value as never, row, column, api) : value;
    const shown = column.renderCell
      ? column.renderCell({ row, value, formattedValue: formatted, field: column.field, id, colDef: column } as unknown as GridRenderCellParams<Row>)
      : formatted === null || formatted === undefined
        ? ''
        : String(formatted);
    return { field: column.field, header: column.headerName ?? '', value: shown, action: column.field.startsWith('__') };
  });
}

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

function selectedIds<Row extends GridValidRowModel>(model: GridRowSelectionModel, rows: Row[], idOf: (row: Row) => GridRowId): GridRowId[] {
  if (model.type === 'include') return [...model.ids];
  return rows.map(idOf).filter((id) => !model.ids.has(id));
}

/**
 * A list screen's grid, the same on every list: server-side paging of
 * 10 with first/previous/next/last, sorting, URL-held filters (all through `useDataGrid`),
 * optional checkbox selection, clickable rows. The grid's own column menu and footer are off:
 * sorting is by header click and paging is the pager below, both translated by us.
 */
export function DataGridPage<Row extends GridValidRowModel>({
  grid,
  columns,
  title,
  filters,
  actions,
  checkboxSelection = false,
  onSelectionChange,
  rowLink,
  onRowOpen,
  getRowId = (row: Row) => (row as unknown as { id: GridRowId }).id,
  label,
  editing,
}: DataGridPageProps<Row>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);

  const localeText = useMemo<Partial<GridLocaleText>>(
    () => ({
      noRowsLabel: t('grid.noRows'),
      noResultsOverlayLabel: t('grid.noRows'),
      columnHeaderSortIconLabel: t('grid.sort'),
      checkboxSelectionHeaderName: t('grid.selection'),
      checkboxSelectionSelectAllRows: t('grid.selectAll'),
      checkboxSelectionUnselectAllRows: t('grid.unselectAll'),
      checkboxSelectionSelectRow: t('grid.selectRow'),
      checkboxSelectionUnselectRow: t('grid.unselectRow'),
    }),
    [t],
  );

  const open = (row: Row) => {
    if (onRowOpen) return onRowOpen(row);
    const to = rowLink?.(row);
    if (to) navigate(to);
  };
  const onRowClick: GridEventListener<'rowClick'> = (params, event) => {
    // the checkbox and buttons in a row do their own thing
    if ((event.target as HTMLElement).closest('[data-field="__check__"], button, a, input')) return;
    open(params.row as Row);
  };
  const onCellKeyDown: GridEventListener<'cellKeyDown'> = (params, event) => {
    if (event.key === 'Enter' && params.field !== '__check__' && !(event.target as HTMLElement).closest('button')) open(params.row as Row);
  };

  const fitted = useMemo(() => fitHeaders(columns), [columns]);
  // on a phone each row is a card, as on the orders list; a grid edited in place or with
  // checkboxes stays a grid (its editors and checkboxes are the grid's)
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const cards = narrow && !editing && !checkboxSelection;
  const linked = (row: Row) => Boolean(onRowOpen || rowLink?.(row));
  const selectedCount = checkboxSelection ? selectedIds(selection, grid.rows, getRowId).length : undefined;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {(title || actions) && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          {title && <Typography variant="h1">{title}</Typography>}
          {actions && <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}
        </Box>
      )}
      {filters && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          {filters}
          <Button onClick={grid.resetFilters} size="small">
            {t('grid.resetFilters')}
          </Button>
        </Box>
      )}
      <GridLoadError grid={grid} />
      <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 2 }}>
        {cards ? (
          <CardList
            rows={grid.rows}
            label={label ?? title}
            idOf={(row) => String(getRowId(row))}
            openerOf={(row) => (linked(row) ? () => open(row) : undefined)}
            card={(row) => <FieldCard fields={cardFields(columns, row, getRowId(row))} />}
            fetching={grid.isFetching}
            empty={!grid.isLoading && grid.rows.length === 0 && <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }} data-testid="no-rows">{t('grid.noRows')}</Box>}
          />
        ) : (
          <DataGrid<Row>
            aria-label={label ?? title}
            rows={grid.rows}
            columns={fitted}
            getRowId={getRowId}
            rowCount={grid.total}
            loading={grid.isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            paginationModel={grid.paginationModel}
            onPaginationModelChange={grid.onPaginationModelChange}
            pageSizeOptions={[grid.pageSize]}
            sortModel={grid.sortModel}
            onSortModelChange={grid.onSortModelChange}
            sortingOrder={['asc', 'desc', null]}
            checkboxSelection={checkboxSelection}
            keepNonExistentRowsSelected
            rowSelectionModel={selection}
            onRowSelectionModelChange={(model) => {
              setSelection(model);
              onSelectionChange?.(selectedIds(model, grid.rows, getRowId));
            }}
            disableRowSelectionOnClick
            disableColumnMenu
            disableColumnFilter
            hideFooter
            autoHeight
            localeText={localeText}
            {...editing}
            onRowClick={rowLink || onRowOpen ? onRowClick : undefined}
            onCellKeyDown={rowLink || onRowOpen ? onCellKeyDown : undefined}
            getRowClassName={(params) => (linked(params.row as Row) ? 'row-link' : '')}
            sx={{
              border: 0,
              '& .row-link': { cursor: 'pointer' },
              '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, ...headerTextSx },
              '& .MuiDataGrid-columnHeaderTitleContainerContent': { overflow: 'hidden' },
            }}
          />
        )}
        <GridPager grid={grid} selected={selectedCount} />
      </Paper>
    </Box>
  );
}
