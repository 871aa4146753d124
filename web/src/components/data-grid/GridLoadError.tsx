import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DataGridView } from './useDataGrid';

/** The list could not be loaded: the message and a retry (every list screen). */
export function GridLoadError({ grid, sx }: { grid: Pick<DataGridView<unknown>, 'error' | 'refetch'>; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  if (!grid.error) return null;
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void grid.refetch()}>
          {t('grid.retry')}
        </Button>
      }
    >
      {t('grid.loadFailed')}
    </Alert>
  );
}
