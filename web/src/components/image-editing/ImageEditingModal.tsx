import type { ImageView } from '@app/contracts/wire';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { imageKeys, imagesApi, refreshOrderPictures } from '../../api/images';
import { tagKeys, tagQueries } from '../../api/tags';
import { useApiMutation } from '../../api/useApiMutation';
import { ImageHistory } from './ImageHistory';
import { NumberPlateEditor } from './NumberPlateEditor';
import { RepushDialog } from '../repush/RepushDialog';
import { isReplaceable, ReplaceImageDialog } from './ReplaceImageDialog';

export interface ImageEditingModalProps {
  orderId: string;
  styleGuideId: string;
  /** the pictures previous / next walk through, in their order on screen */
  images: readonly ImageView[];
  /** the one shown; none or unknown shows "not on the order" */
  imageId: string | undefined;
  onNavigate: (imageId: string) => void;
  onClose: () => void;
  /** the image's badge, as the screen that opens the modal shows it */
  badge?: (image: ImageView) => ReactNode;
}

/** The optimized picture exists once the pipeline (or QA) made one: then its types are more than `original`. */
const hasOptimized = (image: ImageView) => image.types.some((type) => type !== 'original');

function Picture({ src, label, alt }: { src: string | null; label: string; alt: string }) {
  return (
    <Box component="figure" sx={{ m: 0, display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Typography component="figcaption" variant="overline" color="text.secondary">
        {label}
      </Typography>
      {src ? (
        <Box component="img" src={src} alt={alt} sx={{ width: '100%', height: { xs: 240, md: 460 }, objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1 }} />
      ) : (
        <Box sx={{ height: { xs: 240, md: 460 }, bgcolor: 'action.hover', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <ImageOutlined sx={{ color: 'text.disabled' }} />
        </Box>
      )}
    </Box>
  );
}

/**
 * The image editing modal (admin and QA): the optimized picture beside its original, approve,
 * mark for editing with an IMAGE_ERROR tag as the reason, repush (the repush dialog), replace
 * with an edited file (the replace dialog; a new version in the history below), correct the
 * number plates to mask over the original (the plate tool), and previous / next (buttons or
 * the arrow keys) without closing. The screen that opens it owns
 * the address: `/order/{id}/select/{imageId}` or `/editing-page/{id}/{imageId}`.
 */
export function ImageEditingModal({ orderId, styleGuideId, images, imageId, onNavigate, onClose, badge }: ImageEditingModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const open = Boolean(imageId);
  const index = images.findIndex((i) => i.id === imageId);
  const image = index >= 0 ? images[index] : undefined;
  const previous = index > 0 ? images[index - 1] : undefined;
  const next = index >= 0 && index < images.length - 1 ? images[index + 1] : undefined;
  const [reason, setReason] = useState('');
  const [repushing, setRepushing] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [plating, setPlating] = useState(false);

  const reasons = useQuery({
    ...tagQueries.list('image', 'IMAGE_ERROR'),
    enabled: open,
  });
  const approval = useApiMutation({
    action: ({ approved }: { approved: boolean; errorTagId?: string }) => (approved ? t('orderDetail.approveImage') : t('imageEditing.markForEditing')),
    successMessage: ({ approved }: { approved: boolean; errorTagId?: string }) => (approved ? t('imageEditing.imageApproved') : t('imageEditing.markedForEditing')),
    mutationFn: ({ approved, errorTagId }: { approved: boolean; errorTagId?: string }) => imagesApi.approval(image!.id, approved, errorTagId),
    onSuccess: () => {
      setReason('');
      void queryClient.invalidateQueries({ queryKey: tagKeys.all() });
      return refreshOrderPictures(queryClient, orderId);
    },
  });

  // a new version arrived (a repush done, the pipeline gave up): the history lists it
  const status = image ? `${image.id}|${image.optimisationStatus}` : '';
  const lastStatus = useRef(status);
  useEffect(() => {
    const [lastId, lastState] = lastStatus.current.split('|');
    lastStatus.current = status;
    if (image && lastId === image.id && lastState === 'queued' && image.optimisationStatus !== 'queued') {
      void queryClient.invalidateQueries({ queryKey: imageKeys.versions(image.id) });
    }
  }, [status, image, queryClient]);

  // the arrow keys walk the pictures, except while a field, a list, the repush or the replace dialog has them
  useEffect(() => {
    if (!open || repushing || replacing) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest('input, textarea, [role="listbox"], [role="combobox"]')) return;
      if (event.key === 'ArrowLeft' && previous) onNavigate(previous.id);
      else if (event.key === 'ArrowRight' && next) onNavigate(next.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, repushing, replacing, previous, next, onNavigate]);

  const title = image ? t('common.positionLabel', { position: image.position }) : t('imageEditing.notFound');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth scroll="body" aria-labelledby="image-editing-title">
      <DialogTitle id="image-editing-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pr: 7 }}>
        <Box component="span" sx={{ mr: 'auto' }}>
          {title}
          {image && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {t('imageEditing.counter', { index: index + 1, total: images.length })}
            </Typography>
          )}
        </Box>
        {image && badge?.(image)}
        <IconButton aria-label={t('buttons.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {!image ? (
          <Typography color="text.secondary">{t('imageEditing.notFound')}</Typography>
        ) : (
          <>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
              <Picture src={hasOptimized(image) ? image.url : null} label={t('imageEditing.optimized')} alt={t('imageEditing.optimizedOf', { position: image.position })} />
              {plating && image.originalUrl ? (
                <NumberPlateEditor
                  key={`${image.id}|${JSON.stringify(image.numberPlates)}`}
                  orderId={orderId}
                  styleGuideId={styleGuideId}
                  image={image}
                  src={image.originalUrl}
                  alt={t('imageEditing.originalOf', { position: image.position })}
                />
              ) : (
                <Picture src={image.originalUrl} label={t('imageEditing.original')} alt={t('imageEditing.originalOf', { position: image.position })} />
              )}
            </Box>
            {image.failureReason && (
              <Typography variant="body2" color="error" data-testid="failure-reason">
                {image.failureReason}
              </Typography>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button
                variant="contained"
                color="success"
                disabled={approval.isPending || image.approved || image.optimisationStatus !== 'completed'}
                onClick={() => approval.mutate({ approved: true })}
              >
                {t('imageEditing.approve')}
              </Button>
              <TextField
                select
                size="small"
                label={t('imageEditing.reason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                sx={{ minWidth: 200, flex: '1 1 200px', maxWidth: 320 }}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">{t('imageEditing.noReason')}</MenuItem>
                {(reasons.data ?? []).map((tag) => (
                  <MenuItem key={tag.id} value={tag.id}>
                    {tag.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                color="error"
                // already marked: the server keeps the first verdict (and its reason); tags change in the select view's panel
                disabled={approval.isPending || image.needsEdition || image.optimisationStatus === 'awaiting-upload' || image.optimisationStatus === 'upload-rejected'}
                onClick={() => approval.mutate({ approved: false, ...(reason ? { errorTagId: reason } : {}) })}
              >
                {t('imageEditing.markForEditing')}
              </Button>
              <Button variant="outlined" disabled={image.optimisationStatus === 'awaiting-upload' || image.optimisationStatus === 'upload-rejected'} onClick={() => setRepushing(true)}>
                {t('imageEditing.repush')}
              </Button>
              <Button variant="outlined" disabled={!isReplaceable(image)} onClick={() => setReplacing(true)}>
                {t('imageEditing.replace.open')}
              </Button>
              <Button
                variant={plating ? 'contained' : 'outlined'}
                aria-pressed={plating}
                disabled={!image.originalUrl || image.optimisationStatus === 'awaiting-upload' || image.optimisationStatus === 'upload-rejected'}
                onClick={() => setPlating((on) => !on)}
              >
                {t('imageEditing.plates.tool')}
              </Button>
            </Box>
            <ImageHistory imageId={image.id} canRestore />
          </>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Button startIcon={<ChevronLeft />} disabled={!previous} onClick={() => previous && onNavigate(previous.id)}>
            {t('imageEditing.previous')}
          </Button>
          <Button endIcon={<ChevronRight />} disabled={!next} onClick={() => next && onNavigate(next.id)}>
            {t('imageEditing.next')}
          </Button>
        </Box>
      </DialogContent>
      {image && <RepushDialog open={repushing} onClose={() => setRepushing(false)} orderId={orderId} styleGuideId={styleGuideId} images={[image]} />}
      <ReplaceImageDialog orderId={orderId} image={image} open={replacing} onClose={() => setReplacing(false)} />
    </Dialog>
  );
}
