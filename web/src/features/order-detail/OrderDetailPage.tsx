import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useMatch, useParams } from 'react-router-dom';
import type { ImageView, OrderView } from '@app/contracts/wire';
import { imageKeys, imageQueries } from '../../api/images';
import { MOVING_STATUSES, orderKeys, orderQueries } from '../../api/orders';
import { isStaff } from '../../app/access';
import { isNotFound, isWellFormedId, NotFoundNotice } from '../../components/NotFoundNotice';
import { useMe } from '../../app/useSession';
import { canDeliverOrders, canRenameOrders } from './detailLogic';
import { EventTimeline } from './EventTimeline';
import { MissingPictures } from './MissingPictures';
import { ProgressView } from './ProgressView';
import { DealerImagesTab, QaImagesTab, SelectImagesView } from './ImageTabs';
import { DeliveriesCard } from './DeliveriesCard';
import { OrderHeader } from './OrderHeader';
import { OrderTagsCard } from './OrderTagsCard';
import { SalesPersonCard } from './SalesPersonCard';
import { StyleGuidePanel } from './StyleGuidePanel';
import { VideosTab } from './VideosTab';
import { Media360Tab } from './Media360Tab';
import { canAdd360 } from './media360Logic';

/** While the order uploads or is in the pipeline, the screen asks for it and its images this often. */
export const DETAIL_REFRESH_MS = 3000;

const isMoving = (order: OrderView | undefined) => Boolean(order && MOVING_STATUSES.includes(order.status));
/** A picture sent through the pipeline again (a repush) is queued until its new version arrives. */
const isReprocessing = (images: readonly ImageView[] | undefined) => Boolean(images?.some((i) => i.optimisationStatus === 'queued'));

type TabId = 'main' | 'select' | 'videos' | 'media360';

/**
 * `/order/{id}` and its tabs. Admin and QA: QA (the default), select images
 * (`/select/`, `/select/{imageId}` opens the image editing modal; `/editing-page/{id}/{imageId}`
 * opens it from the editing page, over the select view, and closes back there), videos, 360 (`/360`). Dealership and management: images,
 * videos and 360, the style-guide side panel and download buttons only. The header and the
 * timeline sit above and beside. While the order is Uploading or In Progress the screen
 * polls it and its images, so the user watches it move; while a picture is in the pipeline
 * again (a repush), its images, so the new version shows when it arrives. A link whose id is
 * malformed or names no order the viewer may see shows the not-found notice with the way
 * back to the orders.
 * `/order/{id}/progress`: the read-only progress view of an order the list does not open yet
 * (the dealer's order still uploading, in the pipeline or in QA). An Uploading order offers
 * its owner, admin and QA "Add the missing pictures" on both.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const fromEditingPage = useMatch('/editing-page/:id/:imageId') !== null;
  const onSelect = useMatch('/order/:id/select/*') !== null || fromEditingPage;
  const onVideos = useMatch('/order/:id/videos') !== null;
  const on360 = useMatch('/order/:id/360') !== null;
  const onProgress = useMatch('/order/:id/progress') !== null;
  const tab: TabId = onSelect ? 'select' : onVideos ? 'videos' : on360 ? 'media360' : 'main';

  // a link whose id is not an id names no order: not asked for, it shows the not-found notice
  const wellFormed = isWellFormedId(id);
  const order = useQuery({
    ...orderQueries.one(id),
    enabled: wellFormed,
    refetchInterval: (query) => (isMoving(query.state.data) ? DETAIL_REFRESH_MS : false),
  });
  const moving = isMoving(order.data);
  const images = useQuery({
    ...imageQueries.ofOrder(id),
    enabled: order.isSuccess,
    refetchInterval: (query) => (moving || isReprocessing(query.state.data) ? DETAIL_REFRESH_MS : false),
  });

  // a step of the order (upload completed, processing completed, a change by QA, a repushed
  // picture back from the pipeline): the timeline and the images follow
  const queued = images.data?.filter((i) => i.optimisationStatus === 'queued').length ?? 0;
  const step = order.data ? `${order.data.status}|${order.data.QAstatus}|${order.data.processedImagesCount}|${queued}` : '';
  useEffect(() => {
    if (!step) return;
    void queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
    void queryClient.invalidateQueries({ queryKey: imageKeys.ofOrder(id) });
  }, [step, id, queryClient]);

  if (!me) return null;
  const staff = isStaff(me.userRole);

  const frame = (content: ReactNode) => (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, width: '100%', maxWidth: 1600, mx: 'auto', boxSizing: 'border-box' }}>
      <Button component={RouterLink} to="/orders" startIcon={<ArrowBack />} size="small" sx={{ justifySelf: 'start' }}>
        {t('orderDetail.back')}
      </Button>
      {content}
    </Box>
  );
  if (!wellFormed || (order.isError && isNotFound(order.error)))
    return (
      <Box sx={{ p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 1600, mx: 'auto', boxSizing: 'border-box' }}>
        <NotFoundNotice page backTo="/orders" listName={t('menu.orders')} />
      </Box>
    );
  if (order.isPending) return frame(<CircularProgress aria-label={t('common.loading')} />);
  if (order.isError) return frame(<Alert severity="error">{order.error.message}</Alert>);

  const data = order.data;
  const base = `/order/${data.id}`;
  // the pictures of an Uploading order are added by its owner, admin and QA
  const addsPictures = data.status === 'Uploading' && (staff || me.id === data.user.id);
  const missing = addsPictures && images.isSuccess ? <MissingPictures order={data} images={images.data} /> : null;
  if (onProgress) return frame(<ProgressView order={data} missing={missing} />);
  const tabs: Array<{ id: TabId; label: string; to: string }> = staff
    ? [
        { id: 'main', label: t('orderDetail.tabs.qa'), to: base },
        { id: 'select', label: t('orderDetail.tabs.select'), to: `${base}/select` },
        { id: 'videos', label: t('orderDetail.tabs.videos'), to: `${base}/videos` },
        { id: 'media360', label: t('orderDetail.tabs.media360'), to: `${base}/360` },
      ]
    : [
        { id: 'main', label: t('orderDetail.tabs.images'), to: base },
        { id: 'videos', label: t('orderDetail.tabs.videos'), to: `${base}/videos` },
        { id: 'media360', label: t('orderDetail.tabs.media360'), to: `${base}/360` },
      ];
  const list = images.data ?? [];

  return frame(
    <>
      <OrderHeader order={data} staff={staff} canRename={canRenameOrders(me)} canDeliver={canDeliverOrders(me)} />
      {missing}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Tabs value={tab} aria-label={t('orderDetail.tabs.label')} variant="scrollable" sx={{ borderBottom: 1, borderColor: 'divider' }}>
            {tabs.map((item) => (
              <Tab key={item.id} value={item.id} label={item.label} component={RouterLink} to={item.to} data-testid={`order-tab-${item.id}`} />
            ))}
          </Tabs>
          {images.isError && tab !== 'videos' && tab !== 'media360' && <Alert severity="error">{images.error.message}</Alert>}
          {images.isPending && tab !== 'videos' && tab !== 'media360' && <CircularProgress size={28} aria-label={t('common.loading')} />}
          {images.isSuccess && tab === 'main' && (staff ? <QaImagesTab order={data} images={list} /> : <DealerImagesTab order={data} images={list} />)}
          {images.isSuccess && tab === 'select' && <SelectImagesView order={data} images={list} fromEditingPage={fromEditingPage} />}
          {tab === 'videos' && <VideosTab orderId={data.id} />}
          {tab === 'media360' && <Media360Tab order={data} canAdd={canAdd360(data, me, staff)} />}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {!staff && <StyleGuidePanel order={data} />}
          {staff && <OrderTagsCard order={data} />}
          {staff && <SalesPersonCard order={data} />}
          <DeliveriesCard order={data} staff={staff} />
          <EventTimeline orderId={data.id} staff={staff} />
        </Box>
      </Box>
    </>,
  );
}
