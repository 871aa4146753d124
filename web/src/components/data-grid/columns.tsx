import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../utils/date';
import { LazyTooltip } from '../LazyTooltip';
import { TagBadge, type TagLike } from '../TagBadge';

/** `YYYY-MM-DD HH:mm:ss` of an ISO date, or empty when there is none or it is not a date. */
export function formatTimestamp(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatDateTime(date);
}

/**
 * Columns most list screens share: created and updated times, tag badges,
 * and a delete button. Translated; use inside a component.
 */
export function useStandardColumns<Row extends GridValidRowModel>() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      created: (field = 'createdAt'): GridColDef<Row> => ({
        field,
        headerName: t('fields.created'),
        width: 180,
        valueFormatter: (value: unknown) => formatTimestamp(value),
      }),
      updated: (field = 'updatedAt'): GridColDef<Row> => ({
        field,
        headerName: t('fields.updated'),
        width: 180,
        valueFormatter: (value: unknown) => formatTimestamp(value),
      }),
      tags: (field = 'tags'): GridColDef<Row> => ({
        field,
        headerName: t('fields.tags'),
        sortable: false,
        minWidth: 160,
        flex: 1,
        renderCell: ({ value }) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', height: '100%' }}>
            {(Array.isArray(value) ? (value as TagLike[]) : []).map((tag, i) => (
              <TagBadge key={tag.id ?? `${tag.name}-${i}`} tag={tag} />
            ))}
          </Box>
        ),
      }),
      delete: (onDelete: (row: Row) => void, label: (row: Row) => string = () => t('buttons.delete')): GridColDef<Row> => ({
        field: '__delete__',
        headerName: t('buttons.delete'),
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        width: 90,
        align: 'center',
        headerAlign: 'center',
        renderHeader: () => <Box component="span" sx={{ fontWeight: 500 }}>{t('buttons.delete')}</Box>,
        renderCell: ({ row }) => (
          <LazyTooltip title={label(row)}>
            <IconButton
              size="small"
              color="error"
              aria-label={label(row)}
              onClick={(event) => {
                // the row itself opens the detail page
                event.stopPropagation();
                onDelete(row);
              }}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </LazyTooltip>
        ),
      }),
    }),
    [t],
  );
}
