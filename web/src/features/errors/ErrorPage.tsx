import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../app/paths';
import { Logo } from '../../components/Logo';
import { fullPageSx } from '../../components/fullPageSx';

export type ErrorCode = 401 | 404 | 500;

/** A full-page error (404, 401, 500) with a link back home. */
export function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ ...fullPageSx, textAlign: 'center', gap: 2, px: 3 }}
    >
      <Logo size={56} sx={{ mb: 1 }} />
      <Typography
        aria-hidden="true"
        sx={{ fontSize: { xs: '4.5rem', sm: '6rem' }, fontWeight: 700, lineHeight: 1, color: 'primary.main', letterSpacing: '-0.04em' }}
      >
        {code}
      </Typography>
      <Typography variant="h1" component="h1">
        {t(`errors.${code}.title`)}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 480 }}>{t(`errors.${code}.message`)}</Typography>
      <Button component={RouterLink} to={paths.home} variant="contained" size="large" sx={{ mt: 2 }}>
        {t('errors.goHome')}
      </Button>
    </Box>
  );
}
