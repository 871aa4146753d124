import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';
import { fullPageSx } from './fullPageSx';

/** Full-page splash shown while a lazy route (or anything else suspending) loads. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={t('app.loading')}
      sx={{ ...fullPageSx, gap: 3 }}
    >
      <Logo size={64} />
      <CircularProgress size={32} aria-hidden="true" />
    </Box>
  );
}
