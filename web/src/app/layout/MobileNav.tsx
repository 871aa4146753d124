import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import type { VisibleMenuEntry } from '../menu';
import { isActive } from './isActive';

/** The header menu of narrow screens: a drawer from the left, sub-menus as titled groups. */
export function MobileNav({ entries, open, onClose }: { entries: VisibleMenuEntry[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box component="nav" aria-label={t('nav.main')} onClick={onClose}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2 }}>
          <Logo size={32} />
          <Typography sx={{ fontWeight: 600 }}>{t('app.name')}</Typography>
        </Box>
        <Divider />
        <List>
          {entries.map((entry) =>
            entry.children.length > 0 ? (
              <li key={entry.id}>
                <List subheader={<ListSubheader component="div">{t(entry.labelKey)}</ListSubheader>} disablePadding>
                  {entry.children.map((child) => (
                    <ListItemButton key={child.id} component={RouterLink} to={child.path} selected={isActive(pathname, child)} sx={{ pl: 4 }}>
                      <ListItemText primary={t(child.labelKey)} />
                    </ListItemButton>
                  ))}
                </List>
              </li>
            ) : (
              <ListItemButton key={entry.id} component={RouterLink} to={entry.path} selected={isActive(pathname, entry)}>
                <ListItemText primary={t(entry.labelKey)} />
              </ListItemButton>
            ),
          )}
        </List>
      </Box>
    </Drawer>
  );
}
