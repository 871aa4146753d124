import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { headerMenu } from '../../app/menu';
import { isRegistered } from '../../app/screens';
import { useMe } from '../../app/useSession';

/**
 * The admin area: a tab per admin screen the user's role may see (the Admin sub-menu of
 * menu.ts, so the tabs and the header always agree), then the tab's content.
 */
export function AdminLayout({ tab, children }: { tab: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const tabs = me ? (headerMenu(me.userRole, isRegistered).find((e) => e.id === 'admin')?.children ?? []) : [];
  const current = tabs.some((x) => x.path === tab) ? tab : false;
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1 }}>
        {t('admin.title')}
      </Typography>
      <Tabs value={current} variant="scrollable" scrollButtons="auto" aria-label={t('admin.tabs')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((x) => (
          <Tab key={x.id} value={x.path} label={t(x.labelKey)} component={RouterLink} to={x.path} data-testid={`admin-tab-${x.id}`} />
        ))}
      </Tabs>
      <Box>{children}</Box>
    </Container>
  );
}
