import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { adminListCalls } from '../../api/admin';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { DataGridPage } from '../../components/data-grid/DataGridPage';
import { useStandardColumns } from '../../components/data-grid/columns';
import { useDataGrid } from '../../components/data-grid/useDataGrid';
import { AdminListEditDialog } from './AdminListEditDialog';
import { isNotFound, isWellFormedId, NotFoundNotice } from './NotFoundNotice';
import type { AdminListTabProps } from './adminListTypes';



/**
 * A list tab of the admin area: a data-grid list, and one modal for creating and editing
 * (`/admin/<entity>/<id>` opens it over the tab; the create button opens it empty). File
 * fields upload through POST /api/media and the presigned POST before the save.
 */
export function AdminListTab<Row extends { id: string }>(props: AdminListTabProps<Row>) {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const selectFilters = props.selectFilters ?? [];
  const calls = adminListCalls<Row>(props);
  const grid = useDataGrid<Row, string>({
    queryKey: props.keys.lists(),
    fetchPage: (query, signal) => calls.page(query, signal),
    filters: [...(props.search ? ['search'] : []), ...selectFilters.map((f) => f.name)],
  });

  const item = useQuery<Row>({
    queryKey: props.keys.one(id ?? ''),
    queryFn: ({ signal }) => calls.get(id!, signal),
    enabled: Boolean(id) && isWellFormedId(id ?? ''),
  });
  // a malformed id, or one the server does not know: no edit form, but "not found"
  const missing = Boolean(id) && !creating && (!isWellFormedId(id!) || isNotFound(item.error));

  const queryClient = useQueryClient();
  const std = useStandardColumns<Row>();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const columns = props.deletable ? [...props.columns, std.delete((row) => setDeleting(row), props.deletable.label)] : props.columns;

  const close = () => {
    setCreating(false);
    if (id) navigate(props.tabPath);
  };
  const open = creating || Boolean(id);

  return (
    <>
      <DataGridPage<Row>
        grid={grid}
        title={props.title}
        columns={columns}
        rowLink={(row) => props.routeOf(row.id)}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {props.createLabel}
          </Button>
        }
        filters={
          props.search || props.intro || selectFilters.length ? (
            <Box sx={{ display: 'grid', gap: 2, width: '100%' }}>
              {props.intro && (
                <Alert severity="info" data-testid="admin-list-intro">
                  {props.intro}
                </Alert>
              )}
              {props.search && (
                <TextField
                  size="small"
                  label={t('fields.search')}
                  value={grid.filters.search}
                  onChange={(e) => grid.setFilter('search', e.target.value)}
                  sx={{ minWidth: 260, justifySelf: 'start' }}
                />
              )}
              {selectFilters.length > 0 && (
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                  {selectFilters.map((f) => (
                    <TextField
                      key={f.name}
                      select
                      size="small"
                      label={f.label}
                      value={grid.filters[f.name] ?? ''}
                      onChange={(e) => grid.setFilter(f.name, e.target.value)}
                      sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
                      slotProps={{ htmlInput: { 'data-testid': `admin-filter-${f.name}` } }}
                    >
                      <MenuItem value="">{t('admin.listFilterAll')}</MenuItem>
                      {f.options.map((o) => (
                        <MenuItem key={o.value} value={o.value}>
                          {o.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  ))}
                </Box>
              )}
            </Box>
          ) : undefined
        }
      />
      {props.deletable && (
        <ConfirmDeleteDialog
          name={deleting ? props.deletable.name(deleting) : null}
          action={props.deletable.action}
          onDelete={() => calls.remove(deleting!.id)}
          onDeleted={() => {
            setDeleting(null);
            return queryClient.invalidateQueries({ queryKey: props.keys.all() });
          }}
          onClose={() => setDeleting(null)}
        />
      )}
      {missing && <NotFoundNotice backTo={props.tabPath} listName={props.title} onClose={close} />}
      {open && !missing && (
        <AdminListEditDialog<Row>
          key={creating ? 'new' : id}
          {...props}
          row={creating ? undefined : item.data}
          loading={!creating && item.isPending}
          creating={creating}
          onClose={close}
        />
      )}
    </>
  );
}
