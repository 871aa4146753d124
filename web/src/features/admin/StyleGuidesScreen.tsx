import type { StyleGuideListItem } from '@app/contracts/wire';
import AddIcon from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { styleGuideKeys, styleGuidesApi } from '../../api/admin';
import { useApiMutation } from '../../api/useApiMutation';
import { useMe } from '../../app/useSession';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { DataGridPage } from '../../components/data-grid/DataGridPage';
import { useStandardColumns } from '../../components/data-grid/columns';
import { useDataGrid } from '../../components/data-grid/useDataGrid';
import { AdminLayout } from './AdminLayout';
import { bytesToKb } from './style-guide-builder/builderLogic';

/** The style guides tab: search, open in the builder, duplicate, delete (admin) by typed name. */
export function StyleGuidesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const isAdmin = me?.userRole === 'Admin';
  const grid = useDataGrid<StyleGuideListItem, 'search'>({ queryKey: styleGuideKeys.lists(), fetchPage: (query, signal) => styleGuidesApi.page(query.page, String(query['search'] ?? ''), signal), filters: ['search'] });
  const std = useStandardColumns<StyleGuideListItem>();
  const [deleting, setDeleting] = useState<StyleGuideListItem | null>(null);

  const duplicate = useApiMutation({
    action: t('admin.styleGuides.duplicate'),
    mutationFn: (id: string) => styleGuidesApi.duplicate(id),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: styleGuideKeys.all() });
      navigate(`/style-guide-v2/${copy.id}`);
    },
  });

  return (
    <AdminLayout tab="/admin/style-guides-v2">
      <DataGridPage<StyleGuideListItem>
        grid={grid}
        title={t('menu.adminStyleGuides')}
        rowLink={(row) => `/style-guide-v2/${row.id}`}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/create-style-guide-v2">
            {t('admin.styleGuides.create')}
          </Button>
        }
        filters={
          <TextField size="small" label={t('fields.search')} value={grid.filters.search} onChange={(e) => grid.setFilter('search', e.target.value)} sx={{ minWidth: 260 }} />
        }
        columns={[
          { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 200, sortable: false },
          {
            field: 'size',
            headerName: t('admin.styleGuides.fields.size'),
            width: 130,
            sortable: false,
            valueGetter: (_v, row) => `${row.outputWidth} × ${row.outputHeight}`,
          },
          { field: 'maxImageSize', headerName: t('admin.styleGuides.fields.maxImageSizeKb'), width: 140, sortable: false, valueFormatter: (v: number) => String(bytesToKb(v)) },
          { field: 'configurationCount', headerName: t('admin.styleGuides.fields.configurations'), width: 140, sortable: false },
          { ...std.created(), sortable: false },
          { ...std.updated(), sortable: false },
          {
            field: '__duplicate__',
            headerName: t('admin.styleGuides.duplicate'),
            width: 100,
            sortable: false,
            align: 'center',
            headerAlign: 'center',
            renderCell: ({ row }) => (
              <Tooltip title={t('admin.styleGuides.duplicateOf', { name: row.name })}>
                <IconButton
                  size="small"
                  aria-label={t('admin.styleGuides.duplicateOf', { name: row.name })}
                  disabled={duplicate.isPending}
                  onClick={(e) => {
                    e.stopPropagation();
                    duplicate.mutate(row.id);
                  }}
                >
                  <ContentCopy fontSize="small" />
                </IconButton>
              </Tooltip>
            ),
          },
          ...(isAdmin ? [std.delete((row) => setDeleting(row), (row) => t('common.deleteOf', { name: row.name }))] : []),
        ]}
      />
      <ConfirmDeleteDialog
        name={deleting?.name ?? null}
        action={t('admin.styleGuides.delete')}
        errorMessage={(error) => t('admin.styleGuides.deleteError', { message: error.message })}
        onDelete={() => styleGuidesApi.remove(deleting!.id)}
        onDeleted={() => {
          setDeleting(null);
          return queryClient.invalidateQueries({ queryKey: styleGuideKeys.all() });
        }}
        onClose={() => setDeleting(null)}
      />
    </AdminLayout>
  );
}
