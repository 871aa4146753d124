import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageVersionView } from '@app/contracts/wire';
import { imageKeys, imageQueries, imagesApi } from '../../api/images';
import { orderKeys } from '../../api/orders';
import { useApiMutation } from '../../api/useApiMutation';
import { formatTimestamp } from '../data-grid/columns';

export interface ImageHistoryProps {
  imageId: string;
  /** admin and QA: each earlier version offers Restore */
  canRestore: boolean;
  /** its own heading; off where a dialog's title already says it */
  heading?: boolean;
}

const THUMB = { width: 96, height: 72 };

/**
 * Every kept version of an image's picture, newest first: its thumbnail (opening the
 * picture), what it is, why and by whom it was made, when, and which one is the picture now.
 * Staff restore an earlier version after confirming; the image, its order's timeline and the
 * history refresh.
 */
export function ImageHistory({ imageId, canRestore, heading = true }: ImageHistoryProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<ImageVersionView | null>(null);
  const versions = useQuery(imageQueries.versions(imageId));
  const restore = useApiMutation({
    action: t('imageHistory.restore'),
    mutationFn: (version: ImageVersionView) => imagesApi.restoreVersion(imageId, version.id),
    onSuccess: (history) => {
      setConfirming(null);
      queryClient.setQueryData(imageKeys.versions(imageId), history);
      void queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
      return queryClient.invalidateQueries({ queryKey: imageKeys.all(), predicate: (q) => q.queryKey[1] !== 'versions' });
    },
    // the toast says why; the history stays as it was
    onError: () => setConfirming(null),
  });
  const newestFirst = [...(versions.data ?? [])].reverse();

  return (
    <Box
      component="section"
      aria-labelledby={heading ? `image-history-${imageId}` : undefined}
      aria-label={heading ? undefined : t('imageHistory.title')}
      sx={{ display: 'grid', gap: 1, minWidth: 0 }}
    >
      {heading && (
        <Typography variant="h3" id={`image-history-${imageId}`}>
          {t('imageHistory.title')}
        </Typography>
      )}
      {versions.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {versions.isError && <Typography color="error">{versions.error.message}</Typography>}
      {versions.isSuccess && newestFirst.length === 0 && <Typography color="text.secondary">{t('imageHistory.empty')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {newestFirst.map((v) => {
          const kind = t(`imageHistory.kinds.${v.kind}`);
          const thumb = v.thumbnailUrl ?? v.url;
          return (
            <Box
              component="li"
              key={v.id}
              data-version={v.kind}
              aria-current={v.current ? 'true' : undefined}
              sx={{
                display: 'flex',
                // on a phone Restore goes under the text rather than squeezing it to a word a line
                flexWrap: 'wrap',
                gap: 1.5,
                alignItems: 'flex-start',
                p: 1,
                border: 1,
                borderColor: v.current ? 'primary.main' : 'divider',
                borderRadius: 1,
                minWidth: 0,
              }}
            >
              <Box sx={{ flex: `0 0 ${THUMB.width}px`, height: THUMB.height, bgcolor: 'action.hover', borderRadius: 0.5, overflow: 'hidden', display: 'grid', placeItems: 'center' }}>
                {thumb ? (
                  <Link href={v.url ?? thumb} target="_blank" rel="noopener noreferrer" sx={{ display: 'block', width: '100%', height: '100%' }}>
                    <Box
                      component="img"
                      src={thumb}
                      alt={t('imageHistory.thumbnailAlt', { kind })}
                      loading="lazy"
                      sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                    />
                  </Link>
                ) : (
                  <ImageOutlined color="disabled" titleAccess={t('imageHistory.noPreview')} />
                )}
              </Box>
              <Box sx={{ flex: '1 1 140px', minWidth: 0, display: 'grid', gap: 0.25 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {kind}
                  </Typography>
                  {v.current && <Chip size="small" color="primary" label={t('imageHistory.current')} />}
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t(`imageHistory.reasons.${v.reason}`)}
                  {v.route ? ` · ${v.route}` : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {formatTimestamp(v.createdAt)} · {v.createdBy ? v.createdBy.displayName : t('imageHistory.system')}
                </Typography>
              </Box>
              {canRestore && !v.current && v.url && (
                <Button size="small" variant="outlined" onClick={() => setConfirming(v)} sx={{ flex: '0 0 auto', alignSelf: 'center', ml: 'auto' }}>
                  {t('imageHistory.restore')}
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('imageHistory.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('imageHistory.confirmText', { kind: confirming ? t(`imageHistory.kinds.${confirming.kind}`) : '', when: confirming ? formatTimestamp(confirming.createdAt) : '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('buttons.cancel')}</Button>
          <Button variant="contained" disabled={restore.isPending} onClick={() => confirming && restore.mutate(confirming)}>
            {t('imageHistory.restore')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
