import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 2,
        display: 'grid',
        gap: 1,
        justifyItems: 'center',
        textAlign: 'center',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      {children}
      <Button variant="outlined" size="small" component="label" startIcon={<CloudUpload />} disabled={disabled}>
        {t('createOrder.browse')}
        <input
          hidden
          type="file"
          accept="image/*"
          multiple={multiple}
          aria-label={label}
          disabled={disabled}
          onChange={(e) => {
            onFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </Button>
    </Box>
  );
}
