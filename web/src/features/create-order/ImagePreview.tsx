import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from '../../api/orderUpload';
import { useObjectUrl } from '../../components/useObjectUrl';

/** A chosen photo: its preview, its name, a remove button. */
export function ImagePreview({ item, label, onRemove }: { item: UploadItem; label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const url = useObjectUrl(item.file);
  return (
    <Box sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', aspectRatio: '4 / 3' }} data-testid="image-preview">
      {url && <Box component="img" src={url} alt={label} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
      <Typography variant="caption" sx={{ position: 'absolute', left: 4, bottom: 4, px: 0.5, borderRadius: 0.5, bgcolor: 'rgba(255,255,255,0.85)', maxWidth: 'calc(100% - 48px)' }} noWrap>
        {item.file.name}
      </Typography>
      <IconButton size="small" aria-label={t('common.removeOf', { name: item.file.name })} onClick={onRemove} sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: 'white' } }}>
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Box>
  );
}
