import AddIcon from '@mui/icons-material/Add';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink, useLocation } from 'react-router-dom';
import { LanguageSelector } from '../../components/LanguageSelector';
import { Logo } from '../../components/Logo';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { headerMenu, toolbarShortcut, type VisibleMenuEntry } from '../menu';
import { paths } from '../paths';
import { isRegistered } from '../screens';
import { useMe } from '../useSession';
import { isActive } from './isActive';
import { UserMenu } from './UserMenu';

// The narrow screens' menu drawer loads the first time it opens: the header shows without its code.
const MobileNav = lazy(() => import('./MobileNav').then((m) => ({ default: m.MobileNav })));

/** An entry with a sub-menu (Admin). */
function SubMenu({ entry, active }: { entry: VisibleMenuEntry; active: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <Button
        color="inherit"
        endIcon={<KeyboardArrowDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={navButtonSx(active)}
      >
        {t(entry.labelKey)}
      </Button>
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {entry.children.map((child) => (
          <MenuItem key={child.id} component={RouterLink} to={child.path} onClick={() => setAnchor(null)}>
            {t(child.labelKey)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

const navButtonSx = (active: boolean) => ({
  px: 1.5,
  whiteSpace: 'nowrap',
  flexShrink: 0,
  borderRadius: 2,
  color: active ? 'primary.main' : 'text.primary',
  bgcolor: active ? 'rgba(31, 78, 140, 0.08)' : 'transparent',
});

function DesktopNav({ entries }: { entries: VisibleMenuEntry[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={t('nav.main')} data-testid="header-menu" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, ml: 3 }}>
      {entries.map((entry) =>
        entry.children.length > 0 ? (
          <SubMenu key={entry.id} entry={entry} active={isActive(pathname, entry)} />
        ) : (
          <Button key={entry.id} component={NavLink} to={entry.path} color="inherit" sx={navButtonSx(isActive(pathname, entry))}>
            {t(entry.labelKey)}
          </Button>
        ),
      )}
    </Box>
  );
}

/** The header: menu by role, the toolbar shortcut, the language selector and the user menu. */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: me } = useMe();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerOpened = useOpenedOnce(drawerOpen);
  if (!me) return null;
  const entries = headerMenu(me.userRole, isRegistered);
  const shortcut = toolbarShortcut(me, pathname, isRegistered);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 } }}>
        {entries.length > 0 && (
          <IconButton
            edge="start"
            aria-label={t('nav.open')}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { xs: 'inline-flex', lg: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={paths.landing}
          aria-label={t('app.name')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
        >
          <Logo size={32} />
          {/* beside the full menu (lg) the name gives way until xl; the logo still leads home */}
          <Typography
            component="span"
            noWrap
            sx={{ fontWeight: 700, color: 'primary.main', display: entries.length > 0 ? { xs: 'none', sm: 'inline', lg: 'none', xl: 'inline' } : { xs: 'none', sm: 'inline' } }}
          >
            {t('app.name')}
          </Typography>
        </Box>
        <DesktopNav entries={entries} />
        <Box sx={{ flexGrow: 1 }} />
        {shortcut && (
          <Button
            component={RouterLink}
            to={shortcut.path}
            variant="contained"
            startIcon={<AddIcon />}
            data-testid="toolbar-shortcut"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t(shortcut.labelKey)}
          </Button>
        )}
        <LanguageSelector />
        <UserMenu me={me} />
      </Toolbar>
      {drawerOpened && (
        <Suspense fallback={null}>
          <MobileNav entries={entries} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
