import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate, useSearchParams } from 'react-router-dom';
import { LIST_THUMB_BOX, type MeView, type OrderListItem } from '@app/contracts/wire';
import { imagesApi, startDownload } from '../../api/images';
import { MOVING_STATUSES, orderKeys, ordersApi } from '../../api/orders';
import { useApiMutation } from '../../api/useApiMutation';
import { isStaff } from '../../app/access';
import { useMe } from '../../app/useSession';
import { formatTimestamp } from '../../components/data-grid/columns';
import { DataTable, type TableColumn } from '../../components/data-grid/DataTable';
import { FilterSelect } from '../../components/data-grid/FilterFields';
import { defaultFrom, useStartDateInUrl } from '../../components/data-grid/useStartDateInUrl';
import { useDataGrid } from '../../components/data-grid/useDataGrid';
import { LazyTooltip } from '../../components/LazyTooltip';
import { StatusBadge } from '../../components/StatusBadge';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { canOpen, closedReason } from '../../utils/orderOpening';
import { canDeleteOrder, filtersFor, formatDuration, thumbnailSources, type OrderFilter } from './orderRules';
import { DeliveryDestinations } from '../../components/DeliveryDestinations';
import { NoWrap } from '../../components/NoWrap';
import { OrderFilterBar } from '../../components/OrderFilterBar';

/** While an order on screen is still uploading or in the pipeline, the list asks again this often. */
export const LIST_REFRESH_MS = 5000;
export { SEARCH_DEBOUNCE_MS } from '../../components/data-grid/SearchField';

// The dialogs load the first time they open: the list shows without their code (Dialog, the form).
const ConfirmDeleteDialog = lazy(() => import('../../components/ConfirmDeleteDialog').then((m) => ({ default: m.ConfirmDeleteDialog })));
const UploadSuccessDialog = lazy(() => import('./UploadSuccessDialog').then((m) => ({ default: m.UploadSuccessDialog })));

/**
 * `/orders` and `/orders/success`: the orders the user may see, 10 a page,
 * with search, date filter and the filters of the role, all in the query string; the
 * upload-success modal over the list at `/orders/success`.
 */
export function OrdersPage() {
  const { data: me } = useMe();
  // admin and QA start 14 days back: the date goes into the URL before the first fetch
  const ready = useStartDateInUrl(me ? defaultFrom(me.userRole) : undefined);
  if (!me || !ready) return null;
  return <OrdersList me={me} />;
}

function OrdersList({ me }: { me: MeView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const success = useMatch('/orders/success') !== null;
  const staff = isStaff(me.userRole);
  const filterNames = useMemo(() => filtersFor(me.userRole), [me.userRole]);
  const grid = useDataGrid<OrderListItem, OrderFilter>({
    queryKey: orderKeys.lists(),
    fetchPage: (query, signal) => ordersApi.list(query, signal),
    filters: filterNames,
    defaultSort: { field: 'createdAt', order: 'desc' },
  });
  const [deleting, setDeleting] = useState<OrderListItem | null>(null);
  const deleteOpened = useOpenedOnce(deleting !== null);
  const successOpened = useOpenedOnce(success);

  // orders on screen that still move (uploads, the pipeline): ask again every few seconds
  const moving = grid.rows.some((row) => MOVING_STATUSES.includes(row.status));
  const { refetch } = grid;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => void refetch(), LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [moving, refetch]);

  const download = useApiMutation({
    action: t('orders.download'),
    mutationFn: (row: OrderListItem) => imagesApi.download(row.id),
    onSuccess: (result) => startDownload(result.url),
  });

  const actions = (row: OrderListItem) => (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.25 }}>
      <LazyTooltip title={t('orders.downloadOf', { name: row.orderName })}>
        <span>
          <IconButton
            size="small"
            aria-label={t('orders.downloadOf', { name: row.orderName })}
            disabled={download.isPending || row.status === 'Uploading'}
            onClick={() => download.mutate(row)}
          >
            <Download fontSize="small" />
          </IconButton>
        </span>
      </LazyTooltip>
      {canDeleteOrder(me, row) && (
        <LazyTooltip title={t('common.deleteOf', { name: row.orderName })}>
          <IconButton size="small" color="error" aria-label={t('common.deleteOf', { name: row.orderName })} onClick={() => setDeleting(row)}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </LazyTooltip>
      )}
    </Box>
  );

  /** The status of a row, with why it does not open yet (a dealer's order in progress) and the flag of an upload left unfinished. */
  const statusCell = (row: OrderListItem) => {
    const reason = closedReason(row, me.userRole);
    return (
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', minWidth: 120, maxWidth: 260 }}>
        <StatusBadge status={row.status} />
        {row.uploadStale && (
          <Typography variant="caption" color="error" sx={{ fontWeight: 600 }} data-testid="upload-stale">
            {t('orders.stale', { name: row.orderName })}
          </Typography>
        )}
        {reason && (
          <Typography variant="caption" color="text.secondary" data-testid="closed-reason">
            {t(`orders.closed.${reason}`, { uploaded: row.uploadedImagesCount, taken: row.takenImagesCount })}
          </Typography>
        )}
      </Box>
    );
  };

  /** A row on a narrow screen: picture, name, status (and QA status for admin and QA), created, actions. */
  const card = (row: OrderListItem) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) auto', gap: 1.5, alignItems: 'center' }} data-testid="order-card">
      <Thumbnail url={row.thumbnailUrl} fullUrl={row.pictureUrl} name={row.orderName} />
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {row.orderName}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-field="status">
          {statusCell(row)}
          {staff && <StatusBadge qa={row.QAstatus} />}
          <DeliveryDestinations delivery={row.delivery} />
        </Box>
        <Typography variant="caption" color="text.secondary" data-field="createdAt">
          {formatTimestamp(row.createdAt)}
        </Typography>
      </Box>
      {actions(row)}
    </Box>
  );

  const columns: TableColumn<OrderListItem>[] = [
    { field: 'thumbnail', header: t('orders.fields.picture'), width: 64, render: (row) => <Thumbnail url={row.thumbnailUrl} fullUrl={row.pictureUrl} name={row.orderName} /> },
    {
      field: 'orderName',
      header: t('fields.orderName'),
      sortable: true,
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 120 }}>
          {row.orderName}
        </Typography>
      ),
    },
    { field: 'dealership', header: t('fields.dealership'), render: (row) => row.user.displayName },
    { field: 'salesMan', header: t('fields.salesPerson'), render: (row) => row.salesMan?.name ?? '' },
    {
      field: 'status',
      header: t('fields.status'),
      sortable: true,
      render: (row) => (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          {statusCell(row)}
          <DeliveryDestinations delivery={row.delivery} />
        </Box>
      ),
    },
    ...(staff
      ? ([
          { field: 'QAstatus', header: t('fields.qaStatus'), sortable: true, render: (row) => <StatusBadge qa={row.QAstatus} /> },
          { field: 'timeToReadyToDownload', header: t('orders.fields.timeToReadyToDownload'), render: (row) => <NoWrap>{formatDuration(row.timeToReadyToDownload)}</NoWrap> },
          { field: 'timeToCompleted', header: t('orders.fields.timeToCompleted'), render: (row) => <NoWrap>{formatDuration(row.timeToCompleted)}</NoWrap> },
        ] satisfies TableColumn<OrderListItem>[])
      : []),
    { field: 'createdAt', header: t('fields.created'), sortable: true, render: (row) => <DateTime value={row.createdAt} /> },
    { field: 'updatedAt', header: t('fields.updated'), sortable: true, render: (row) => <DateTime value={row.updatedAt} /> },
    ...(staff
      ? ([
          {
            field: 'note',
            header: t('orders.fields.note'),
            render: (row) => (
              <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 100, maxWidth: 260 }}>
                {row.notePreview ?? ''}
              </Typography>
            ),
          },
        ] satisfies TableColumn<OrderListItem>[])
      : []),
    { field: 'actions', header: t('common.actions'), align: 'right', sticky: true, render: (row) => actions(row) },
  ];


  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, width: '100%', maxWidth: 1600, mx: 'auto', boxSizing: 'border-box' }}>
      <Typography variant="h1">{t('orders.title')}</Typography>
      <OrderFilterBar grid={grid} testId="orders-filters" qaStatus={filterNames.includes('QAstatus')}>
        <FilterSelect
          grid={grid}
          name="video"
          label={t('orders.filters.video')}
          options={[
            { value: 'with', label: t('orders.filters.withVideo') },
            { value: 'without', label: t('orders.filters.withoutVideo') },
          ]}
        />
      </OrderFilterBar>
      <DataTable<OrderListItem>
        grid={grid}
        columns={columns}
        label={t('orders.title')}
        rowLink={(row) => (canOpen(row, me.userRole) ? `/order/${row.id}` : `/order/${row.id}/progress`)}
        card={card}
      />
      {/* each in its own boundary: while one loads, the list stays on screen */}
      {deleteOpened && (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            name={deleting?.orderName ?? null}
            action={t('orders.delete')}
            onDelete={() => ordersApi.remove(deleting!.id)}
            onDeleted={() => {
              setDeleting(null);
              return queryClient.invalidateQueries({ queryKey: orderKeys.all() });
            }}
            onClose={() => setDeleting(null)}
          />
        </Suspense>
      )}
      {successOpened && (
        <Suspense fallback={null}>
          <UploadSuccessDialog open={success} onClose={() => navigate({ pathname: '/orders', search: params.toString() })} />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * `YYYY-MM-DD HH:mm:ss` on one line where there is room, the time under the date where there is
 * not: at least ten digits wide, so that the date itself never breaks at a hyphen.
 */
function DateTime({ value }: { value: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-block', minWidth: '10ch', fontVariantNumeric: 'tabular-nums' }}>
      {formatTimestamp(value)}
    </Box>
  );
}


/**
 * A row's picture: the list thumbnail; when it is missing or fails to load, the full picture of
 * the same image; when that is missing or fails too, a placeholder (the spec: "Image thumbnail
 * failure falls back to the full url, then a spinner or placeholder").
 */
function Thumbnail({ url, fullUrl, name }: { url: string | null; fullUrl: string | null; name: string }) {
  const { t } = useTranslation();
  const sources = thumbnailSources(url, fullUrl);
  // how many of the sources failed to load; a new row (other links) starts again
  const [failed, setFailed] = useState({ of: sources.join(' '), count: 0 });
  const count = failed.of === sources.join(' ') ? failed.count : 0;
  // the box the list's picture file is made for, at twice its size (LIST_THUMB_WIDTH x LIST_THUMB_HEIGHT)
  const box = { width: LIST_THUMB_BOX.width, height: LIST_THUMB_BOX.height, borderRadius: 1, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' };
  const src = sources[count];
  if (src === undefined)
    return (
      <Box sx={box} title={t('orders.noPicture')} data-testid="order-picture-placeholder">
        <ImageOutlined fontSize="small" sx={{ color: 'text.disabled' }} />
      </Box>
    );
  return <Box component="img" key={src} src={src} alt={name} loading="lazy" onError={() => setFailed({ of: sources.join(' '), count: count + 1 })} sx={{ ...box, objectFit: 'cover' }} />;
}
