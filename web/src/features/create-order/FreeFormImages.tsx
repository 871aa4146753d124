import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FREE_FORM_MAX } from './creatorLogic';
import { ImageDropArea } from './ImageDropArea';
import { ImagePreview } from './ImagePreview';
import type { UploadItem } from '../../api/orderUpload';

/** A guide without positions: up to 100 photos, dropped or browsed, each with its preview. */
export function FreeFormImages({ images, onFiles, onRemove, disabled }: { images: UploadItem[]; onFiles: (files: File[]) => void; onRemove: (key: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ImageDropArea onFiles={onFiles} multiple label={t('createOrder.addImages')} disabled={disabled || images.length >= FREE_FORM_MAX}>
        <Typography color="text.secondary">{disabled ? t('createOrder.chooseGuideFirst') : t('createOrder.dropHere', { max: FREE_FORM_MAX })}</Typography>
      </ImageDropArea>
      {images.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
          {images.map((item) => (
            <ImagePreview key={item.key} item={item} label={t('common.positionLabel', { position: item.position })} onRemove={() => onRemove(item.key)} />
          ))}
        </Box>
      )}
    </Box>
  );
}
