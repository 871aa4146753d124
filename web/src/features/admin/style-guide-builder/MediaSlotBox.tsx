import type { MediaView } from '@app/contracts/wire';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OverlayPreview } from '../../../components/OverlayPreview';
import { FileButton } from '../../../components/FileButton';

/**
 * A media slot: label, Required badge, the chosen file's name or the current image (its view's
 * url), a choose/replace button for one file and, with `onRemove`, a remove button.
 */
export function MediaSlotBox({
  testId,
  label,
  required,
  current,
  file,
  onFile,
  onRemove,
  previewHeight = 96,
  overlay = false,
  error,
}: {
  testId: string;
  label: string;
  required: boolean;
  current: MediaView | null;
  file: File | null;
  onFile: (file: File | null) => void;
  onRemove?: () => void;
  previewHeight?: number;
  /** an overlay (white line art): previewed on the dark tile */
  overlay?: boolean;
  /** the slot's error (the server's refusal of a save without it), under the buttons */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const errorId = `${testId}-error`;
  const labelId = `${testId}-label`;
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{ p: 1.5, display: 'grid', gap: 1, alignContent: 'start', borderColor: error ? 'error.main' : undefined }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between', minHeight: 24 }}>
        <Typography id={labelId} variant="subtitle2" component="p" noWrap title={label}>
          {label}
        </Typography>
        {required && <Chip size="small" color="warning" label={t('common.required')} />}
      </Box>
      <Box sx={{ height: previewHeight, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
        {file ? (
          <Typography variant="body2" sx={{ px: 1, textAlign: 'center', wordBreak: 'break-all' }}>
            {file.name}
          </Typography>
        ) : current?.url && overlay ? (
          <OverlayPreview src={current.thumbnailUrl ?? current.url} alt={label} size="100%" height={previewHeight} />
        ) : current?.url ? (
          <Box component="img" src={current.thumbnailUrl ?? current.url} alt={label} sx={{ maxWidth: '100%', maxHeight: previewHeight, objectFit: 'contain' }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('admin.noFile')}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <FileButton
          variant="outlined"
          size="small"
          sx={{ flex: 1 }}
          aria-describedby={labelId}
          inputLabel={label}
          accept="image/png,image/jpeg,image/webp"
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          onFiles={(files) => onFile(files[0] ?? null)}
        >
          {current || file ? t('buttons.replaceFile') : t('buttons.chooseFile')}
        </FileButton>
        {onRemove && (current || file) && (
          <Button size="small" color="error" aria-label={t('common.removeOf', { name: label })} onClick={onRemove} sx={{ minWidth: 0 }}>
            <DeleteOutlined fontSize="small" />
          </Button>
        )}
      </Box>
      {error && (
        <Typography id={errorId} variant="caption" color="error" role="alert" data-testid={errorId} sx={{ overflowWrap: 'anywhere' }}>
          {error}
        </Typography>
      )}
    </Paper>
  );
}
