import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelector } from '../../components/LanguageSelector';
import { Logo } from '../../components/Logo';

/** Where the submit button of a signed-out form sits (with `size="large" fullWidth`). */
export const AUTH_SUBMIT_SX = { mt: 2, py: 1.25 } as const;

/** The frame of the signed-out screens: the product's name, a card, the language selector. */
export function AuthLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        backgroundImage: 'linear-gradient(180deg, rgba(31,78,140,0.10) 0%, rgba(31,78,140,0) 320px)',
      }}
    >
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', px: { xs: 1, sm: 2 }, pt: 1 }}>
        <LanguageSelector />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'center', px: 2, pb: 6 }}>
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, mb: 3, mt: { xs: 2, sm: 0 } }}>
            <Logo size={44} />
            <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.125rem', color: 'primary.main' }}>
              {t('app.name')}
            </Typography>
          </Box>
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, boxShadow: '0 8px 24px rgba(16, 40, 80, 0.08)' }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: intro ? 1 : 2 }}>
              {title}
            </Typography>
            {intro && (
              <Typography sx={{ color: 'text.secondary', mb: 1 }} component="div">
                {intro}
              </Typography>
            )}
            {children}
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
