import type { StyleGuideView } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OverlayPreview } from '../../components/OverlayPreview';
import { overlayOf, type Slot } from './creatorLogic';
import { ImageDropArea } from './ImageDropArea';
import { ImagePreview } from './ImagePreview';
import type { UploadItem } from '../../api/orderUpload';

/** One drop slot per position of the guide, sorted by position, with the angle name and overlay. */
export function PositionSlots({
  guide,
  slots,
  images,
  onFiles,
  onRemove,
}: {
  guide: StyleGuideView;
  slots: Slot[];
  images: UploadItem[];
  onFiles: (position: number, files: File[]) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }} aria-label={guide.name} role="list">
      {slots.map((slot) => {
        const item = images.find((i) => i.position === slot.position);
        const name = slot.type === 'FEATURED' ? t('common.featuredImage') : (slot.angle?.name ?? '');
        const overlay = overlayOf(slot);
        const label = t('createOrder.positionNamed', { position: slot.position, name });
        return (
          <Paper key={slot.id} variant="outlined" role="listitem" data-testid={`position-${slot.position}`} aria-label={label} sx={{ p: 1.5, display: 'grid', gap: 1, alignContent: 'start' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
              {overlay ? <OverlayPreview src={overlay} alt="" /> : null}
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2">{t('common.positionLabel', { position: slot.position })}</Typography>
                <Typography variant="body2" color="text.secondary" noWrap title={name}>
                  {name}
                </Typography>
              </Box>
            </Box>
            {item ? (
              <ImagePreview item={item} label={label} onRemove={() => onRemove(item.key)} />
            ) : (
              <ImageDropArea onFiles={(files) => onFiles(slot.position, files)} multiple={false} label={t('createOrder.imageFor', { name: label })}>
                <Typography variant="body2" color="text.secondary">
                  {t('createOrder.dropOne')}
                </Typography>
              </ImageDropArea>
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
