import type { DownloadRequest, ImageType, ImageView, OrderView } from '@app/contracts/wire';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { imageKeys, imagesApi, SELECT_IMAGE_TYPES, startDownload } from '../../api/images';
import { orderKeys } from '../../api/orders';
import { useApiMutation } from '../../api/useApiMutation';
import { useMe } from '../../app/useSession';
import { sortedByPosition } from '../../utils/position';
import { ImageEditingModal } from '../../components/image-editing/ImageEditingModal';
import { ImageHistoryButton } from '../../components/image-editing/ImageHistoryButton';
import { filterByType, imageBadge } from './detailLogic';
import { ImageBadgeChip, ImageCard, ImageGrid } from './ImageCard';
import { InsertImageDialog } from './InsertImageDialog';
import { ReplaceImageAction } from './ReplaceImageAction';
import { DealerReEdit, QaReEdit } from './ReEditRequests';
import { SelectionPanel } from './SelectionPanel';

function useSelection(images: readonly ImageView[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // only what is still on screen counts (after a delete or a filter change)
  const selected = images.filter((i) => chosen.has(i.id)).map((i) => i.id);
  const toggle = (id: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const all = images.length > 0 && selected.length === images.length;
  const toggleAll = () => setChosen(all ? new Set() : new Set(images.map((i) => i.id)));
  return { selected, isSelected: (id: string) => chosen.has(id), toggle, all, toggleAll, clear: () => setChosen(new Set()) };
}

function SelectAll({ selection, count }: { selection: ReturnType<typeof useSelection>; count: number }) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      control={<Checkbox size="small" checked={selection.all} indeterminate={!selection.all && selection.selected.length > 0} onChange={selection.toggleAll} disabled={count === 0} />}
      label={t('orderDetail.selectAll', { count: selection.selected.length })}
    />
  );
}

/** A zip of the order's images as a short-lived URL, then the browser's download. */
function useZipDownload(orderId: string) {
  const { t } = useTranslation();
  return useApiMutation({
    action: t('orderDetail.download.action'),
    mutationFn: ({ body, styleGuideNames = false }: { body: DownloadRequest; styleGuideNames?: boolean }) => imagesApi.download(orderId, body, styleGuideNames),
    onSuccess: (result) => startDownload(result.url),
  });
}

function Empty({ children }: { children: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/**
 * Admin and QA, the QA tab: every image with its badge, approve or mark for editing; a
 * picture opens the image editing modal over the select view (reason, repush, history).
 */
export function QaImagesTab({ order, images }: { order: OrderView; images: ImageView[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const approval = useApiMutation({
    action: ({ approved }: { approved: boolean }) => (approved ? t('orderDetail.approveImage') : t('imageEditing.markForEditing')),
    successMessage: ({ approved }: { approved: boolean }) => (approved ? t('imageEditing.imageApproved') : t('imageEditing.markedForEditing')),
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) => imagesApi.approval(id, approved),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imageKeys.all() }),
  });
  if (images.length === 0) return <Empty>{t('orderDetail.noImages')}</Empty>;
  return (
    <ImageGrid label={t('orderDetail.tabs.qa')}>
      {sortedByPosition(images).map((image) => (
        <ImageCard
          key={image.id}
          image={image}
          onOpen={() => navigate(`/order/${order.id}/select/${image.id}`)}
          actions={
            <>
              <QaReEdit image={image} />
              {/* as the badge says: approved (by QA, or with its order) offers Mark for editing */}
              {imageBadge(image) === 'approved' ? (
                <Button size="small" color="error" variant="outlined" disabled={approval.isPending} onClick={() => approval.mutate({ id: image.id, approved: false })}>
                  {t('imageEditing.markForEditing')}
                </Button>
              ) : (
                <Button
                  size="small"
                  color="success"
                  variant="contained"
                  disabled={approval.isPending || image.optimisationStatus === 'awaiting-upload'}
                  onClick={() => approval.mutate({ id: image.id, approved: true })}
                >
                  {t('orderDetail.approveImage')}
                </Button>
              )}
            </>
          }
        />
      ))}
    </ImageGrid>
  );
}

/**
 * Dealership and management, the images tab: the images and the download buttons
 * (selected, all: the originals, the optimized pictures and the videos, required edition,
 * optimized: the processed pictures only; each zip named by what it holds), and on each picture its re-edit request: the
 * order's own account (not a management parent) asks for a re-edit of a processed picture.
 */
export function DealerImagesTab({ order, images }: { order: OrderView; images: ImageView[] }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const ownOrder = me?.id === order.user.id;
  const sorted = sortedByPosition(images);
  const selection = useSelection(sorted);
  const zip = useZipDownload(order.id);
  const busy = zip.isPending || order.status === 'Uploading';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="download-buttons">
        <SelectAll selection={selection} count={sorted.length} />
        <Box sx={{ flex: 1 }} />
        <Button size="small" variant="outlined" startIcon={<Download />} disabled={busy || selection.selected.length === 0} onClick={() => zip.mutate({ body: { images: selection.selected } })}>
          {t('orderDetail.download.selected')}
        </Button>
        <Button size="small" variant="contained" startIcon={<Download />} disabled={busy || sorted.length === 0} onClick={() => zip.mutate({ body: { media: 'all' }, styleGuideNames: true })}>
          {t('orderDetail.download.all')}
        </Button>
        <Button size="small" variant="outlined" startIcon={<Download />} disabled={busy || !sorted.some((i) => i.needsEdition)} onClick={() => zip.mutate({ body: { needsEditionOnly: true } })}>
          {t('orderDetail.download.requiredEdition')}
        </Button>
        <Button size="small" variant="outlined" startIcon={<Download />} disabled={busy || sorted.length === 0} onClick={() => zip.mutate({ body: { media: 'optimized' } })}>
          {t('orderDetail.download.optimized')}
        </Button>
      </Box>
      {sorted.length === 0 ? (
        <Empty>{t('orderDetail.noImages')}</Empty>
      ) : (
        <ImageGrid label={t('orderDetail.tabs.images')}>
          {sorted.map((image) => (
            <ImageCard
              key={image.id}
              image={image}
              showBadge={false}
              selected={selection.isSelected(image.id)}
              onSelect={(on) => selection.toggle(image.id, on)}
              actions={
                <>
                  <DealerReEdit image={image} canAsk={ownOrder} />
                  {image.optimisationStatus === 'completed' && <ImageHistoryButton imageId={image.id} />}
                </>
              }
            />
          ))}
        </ImageGrid>
      )}
    </Box>
  );
}

/**
 * Admin and QA, `/order/{id}/select/`: the image-type filter (in the URL), checkbox selection,
 * download selected (originals when the filter is Original), download originals, delete
 * images (after a confirmation), replace one selected picture with an edited file
 * (ReplaceImageAction), insert image, and the side panel of the selection (tags, repush); `/order/{id}/select/{imageId}` opens the image editing modal over it, which closes
 * back here. Opened from the editing page (`/editing-page/{id}/{imageId}`), the modal walks
 * the same pictures and closes back to `/editing-page`.
 */
export function SelectImagesView({ order, images, fromEditingPage = false }: { order: OrderView; images: ImageView[]; fromEditingPage?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { imageId } = useParams();
  const [params, setParams] = useSearchParams();
  const type = (SELECT_IMAGE_TYPES as readonly string[]).includes(params.get('type') ?? '') ? (params.get('type') as ImageType) : '';
  const shown = sortedByPosition(filterByType(images, type));
  const selection = useSelection(shown);
  const zip = useZipDownload(order.id);
  const [confirming, setConfirming] = useState(false);
  const [inserting, setInserting] = useState(false);
  const base = `/order/${order.id}/select`;
  const closeModal = () => navigate(fromEditingPage ? '/editing-page' : { pathname: base, search: params.toString() });
  const openImage = (id: string) =>
    navigate(fromEditingPage ? `/editing-page/${order.id}/${id}` : { pathname: `${base}/${id}`, search: params.toString() }, { replace: Boolean(imageId) });

  const remove = useApiMutation({
    action: t('orderDetail.deleteImages'),
    mutationFn: (ids: string[]) => imagesApi.remove(ids),
    onSuccess: () => {
      setConfirming(false);
      selection.clear();
      void queryClient.invalidateQueries({ queryKey: imageKeys.ofOrder(order.id) });
      return queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
    },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 260px' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('orderDetail.fields.imageType')}
            value={type}
            onChange={(e) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (e.target.value) next.set('type', e.target.value);
                  else next.delete('type');
                  return next;
                },
                { replace: true },
              )
            }
            sx={{ minWidth: 180 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('orderDetail.types.all')}</MenuItem>
            {SELECT_IMAGE_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`orderDetail.types.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <SelectAll selection={selection} count={shown.length} />
          <Box sx={{ flex: 1 }} />
          <Button
            size="small"
            variant="outlined"
            startIcon={<Download />}
            disabled={zip.isPending || selection.selected.length === 0}
            onClick={() => zip.mutate({ body: { images: selection.selected, media: type === 'original' ? 'original' : 'optimized' } })}
          >
            {t('orderDetail.download.selected')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<Download />} disabled={zip.isPending || images.length === 0} onClick={() => zip.mutate({ body: { media: 'original' } })}>
            {t('orderDetail.download.originals')}
          </Button>
          <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlined />} disabled={selection.selected.length === 0} onClick={() => setConfirming(true)}>
            {t('orderDetail.deleteImages')}
          </Button>
          <ReplaceImageAction orderId={order.id} selected={shown.filter((i) => selection.isSelected(i.id))} />
          <Button size="small" variant="contained" startIcon={<AddPhotoAlternateOutlined />} onClick={() => setInserting(true)}>
            {t('orderDetail.insert.open')}
          </Button>
        </Box>
        {shown.length === 0 ? (
          <Empty>{t('orderDetail.noImages')}</Empty>
        ) : (
          <ImageGrid label={t('orderDetail.tabs.select')}>
            {shown.map((image) => (
              <ImageCard
                key={image.id}
                image={image}
                selected={selection.isSelected(image.id)}
                onSelect={(on) => selection.toggle(image.id, on)}
                onOpen={() => openImage(image.id)}
              />
            ))}
          </ImageGrid>
        )}
      </Box>
      <SelectionPanel order={order} selected={shown.filter((i) => selection.isSelected(i.id))} />
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('orderDetail.deleteImages')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('orderDetail.deleteImagesConfirm', { count: selection.selected.length })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('buttons.cancel')}</Button>
          <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => remove.mutate(selection.selected)}>
            {t('buttons.delete')}
          </Button>
        </DialogActions>
      </Dialog>
      <InsertImageDialog order={order} open={inserting} onClose={() => setInserting(false)} />
      <ImageEditingModal
        orderId={order.id}
        styleGuideId={order.styleGuide.id}
        images={fromEditingPage ? sortedByPosition(images) : shown}
        imageId={imageId}
        onNavigate={openImage}
        onClose={closeModal}
        badge={(image) => <ImageBadgeChip image={image} />}
      />
    </Box>
  );
}
