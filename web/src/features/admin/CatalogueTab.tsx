import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { uploadMedia, type MediaView } from '../../api/admin';
import { api } from '../../api/client';
import { useApiMutation } from '../../api/useApiMutation';
import { FormField } from '../../components/FormField';
import { DataGridPage } from '../../components/data-grid/DataGridPage';
import { useStandardColumns } from '../../components/data-grid/columns';
import { useDataGrid } from '../../components/data-grid/useDataGrid';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

export type FieldValue = string | boolean | File | null;
export type Values = Record<string, FieldValue>;

export type FieldSpec =
  | { name: string; label: string; kind: 'text' | 'multiline'; required?: boolean; helper?: string }
  | { name: string; label: string; kind: 'select'; options: ReadonlyArray<{ value: string; label: string }>; required?: boolean }
  | { name: string; label: string; kind: 'switch' }
  | { name: string; label: string; kind: 'file'; mediaType: string; requiredOnCreate?: boolean; current?: (row: unknown) => MediaView | null };

export interface CatalogueTabProps<Row extends { id: string }> {
  /** TanStack Query key root */
  resource: string;
  /** GET list (paged) and POST create */
  apiPath: string;
  /** GET one */
  getPath?: (id: string) => string;
  /** the admin route of one row (opens the edit modal) and of the tab */
  routeOf: (id: string) => string;
  tabPath: string;
  title: string;
  createLabel: string;
  /** what the toasts call a save: "Save angle" */
  saveAction: string;
  columns: GridColDef<Row>[];
  fields: FieldSpec[];
  toValues: (row: Row | undefined) => Values;
  search?: boolean;
  /** a delete column (typed-name confirmation) when the API deletes: the row's name to type */
  deletable?: { name: (row: Row) => string; action: string; label: (row: Row) => string };
}

/**
 * A catalogue tab of the admin area: a data-grid list, and one modal for creating and editing
 * (`/admin/<entity>/<id>` opens it over the tab; the create button opens it empty). File
 * fields upload through POST /api/media and the presigned POST before the save.
 */
export function CatalogueTab<Row extends { id: string }>(props: CatalogueTabProps<Row>) {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const grid = useDataGrid<Row, 'search'>({ resource: props.resource, path: props.apiPath, filters: props.search ? ['search'] : [] });

  const item = useQuery<Row>({
    queryKey: [props.resource, 'one', id],
    queryFn: ({ signal }) => api.get<Row>((props.getPath ?? ((x: string) => `${props.apiPath}/${x}`))(id!), { signal }),
    enabled: Boolean(id),
  });

  const queryClient = useQueryClient();
  const std = useStandardColumns<Row>();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useApiMutation({
    action: props.deletable?.action ?? '',
    mutationFn: (rowId: string) => api.delete(`${props.apiPath}/${rowId}`),
    onSuccess: () => {
      setDeleting(null);
      return queryClient.invalidateQueries({ queryKey: [props.resource] });
    },
  });
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
          props.search ? (
            <TextField
              size="small"
              label={t('fields.search')}
              value={grid.filters.search}
              onChange={(e) => grid.setFilter('search', e.target.value)}
              sx={{ minWidth: 260 }}
            />
          ) : undefined
        }
      />
      {props.deletable && (
        <ConfirmDeleteDialog
          name={deleting ? props.deletable.name(deleting) : null}
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => deleting && remove.mutate(deleting.id)}
        />
      )}
      {open && (
        <EditDialog<Row>
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

interface EditDialogProps<Row extends { id: string }> extends CatalogueTabProps<Row> {
  row: Row | undefined;
  loading: boolean;
  creating: boolean;
  onClose: () => void;
}

function EditDialog<Row extends { id: string }>({ row, loading, creating, onClose, ...props }: EditDialogProps<Row>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => props.toValues(row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (row) setValues(props.toValues(row));
    // a row that arrives later fills the form once
  }, [row]);

  const save = useApiMutation<unknown, Values>({
    action: props.saveAction,
    mutationFn: async (input) => {
      const body: Record<string, unknown> = {};
      for (const spec of props.fields) {
        const value = input[spec.name];
        if (spec.kind === 'file') {
          if (value instanceof File) body[spec.name] = await uploadMedia(value, spec.mediaType);
        } else if (spec.kind === 'switch') body[spec.name] = Boolean(value);
        else if (spec.kind === 'select') body[spec.name] = value === '' ? null : value;
        else body[spec.name] = typeof value === 'string' ? value.trim() : value;
      }
      return creating ? api.post(props.apiPath, body) : api.put(`${props.apiPath}/${row!.id}`, body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [props.resource] });
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const spec of props.fields) {
      const value = values[spec.name];
      const missing =
        spec.kind === 'file'
          ? creating && spec.requiredOnCreate && !(value instanceof File)
          : spec.kind !== 'switch' && spec.required && !(typeof value === 'string' && value.trim());
      if (missing) found[spec.name] = t('validation.required', { name: spec.label });
    }
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };

  const set = (name: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{creating ? props.createLabel : t('admin.editTitle', { title: props.title })}</DialogTitle>
        <DialogContent>
          {loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          ) : (
            props.fields.map((spec) => {
              const value = values[spec.name];
              const error = errors[spec.name] || undefined;
              if (spec.kind === 'switch')
                return (
                  <FormControlLabel
                    key={spec.name}
                    sx={{ display: 'flex' }}
                    control={<Switch checked={Boolean(value)} onChange={(e) => set(spec.name, e.target.checked)} />}
                    label={spec.label}
                  />
                );
              if (spec.kind === 'select')
                return (
                  <FormField key={spec.name} select label={spec.label} required={spec.required} value={value ?? ''} onChange={(e) => set(spec.name, e.target.value)} error={error}>
                    {spec.options.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.label}
                      </MenuItem>
                    ))}
                  </FormField>
                );
              if (spec.kind === 'file') {
                const current = row && spec.current ? spec.current(row) : null;
                return (
                  <Box key={spec.name} sx={{ my: 2, display: 'grid', gap: 1 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Typography variant="subtitle2">{spec.label}</Typography>
                      {spec.requiredOnCreate && creating && <Chip size="small" color="warning" label={t('common.required')} />}
                    </Box>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                      {current?.url && !(value instanceof File) && (
                        <Box component="img" src={current.thumbnailUrl ?? current.url} alt={spec.label} sx={{ width: 64, height: 64, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }} />
                      )}
                      <Button variant="outlined" component="label">
                        {t('buttons.chooseFile')}
                        <input
                          hidden
                          type="file"
                          accept="image/png,image/jpeg,image/webp"
                          aria-label={spec.label}
                          onChange={(e) => set(spec.name, e.target.files?.[0] ?? null)}
                        />
                      </Button>
                      <Typography variant="body2" color="text.secondary">
                        {value instanceof File ? value.name : current ? t('admin.fileKept') : t('admin.noFile')}
                      </Typography>
                    </Box>
                    {error && (
                      <Typography variant="caption" color="error" role="alert">
                        {error}
                      </Typography>
                    )}
                  </Box>
                );
              }
              return (
                <FormField
                  key={spec.name}
                  label={spec.label}
                  required={spec.required}
                  multiline={spec.kind === 'multiline'}
                  minRows={spec.kind === 'multiline' ? 3 : undefined}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(e) => set(spec.name, e.target.value)}
                  error={error}
                  helperText={spec.helper}
                />
              );
            })
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('buttons.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={loading || save.isPending}>
            {creating ? t('buttons.create') : t('buttons.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
