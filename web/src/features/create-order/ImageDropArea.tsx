import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import { useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileButton } from '../../components/FileButton';

/** A place to drop photos, with a browse button. */
export function ImageDropArea({ onFiles, multiple, label, disabled = false, children }: { onFiles: (files: File[]) => void; multiple: boolean; label: string; disabled?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        // disabled, the button says so; the text stays readable (a faded area read at 4.3:1)
        borderColor: over ? 'primary.main' : disabled ? 'action.disabledBackground' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 2,
        display: 'grid',
        gap: 1,
        justifyItems: 'center',
        textAlign: 'center',
      }}
    >
      {children}
      <FileButton variant="outlined" size="small" startIcon={<CloudUpload />} disabled={disabled} inputLabel={label} accept="image/*" multiple={multiple} onFiles={onFiles}>
        {t('createOrder.browse')}
      </FileButton>
    </Box>
  );
}
