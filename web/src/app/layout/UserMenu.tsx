import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { MeView } from '@app/contracts/wire';
import { paths } from '../paths';

/** Up to two initials of a name, for the avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase();
}

/**
 * The user menu: display name and e-mail (the signed-in sales person's
 * e-mail when a sales person signed in), account settings, sign out.
 */
export function UserMenu({ me }: { me: MeView }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const salesPerson = me.loggedInSalesPersonInfo;
  const email = salesPerson?.email ?? me.email;
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        aria-label={t('userMenu.open', { name: me.displayName })}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: '0.9375rem', fontWeight: 600 }}>
          {initials(salesPerson?.name ?? me.displayName)}
        </Avatar>
      </IconButton>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }} data-testid="user-menu-identity">
          <Typography sx={{ fontWeight: 600 }}>{me.displayName}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
            {email}
          </Typography>
          {salesPerson && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {t('userMenu.salesPerson', { name: salesPerson.name })}
            </Typography>
          )}
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.accountSettings} onClick={close}>
          <ListItemIcon>
            <ManageAccounts fontSize="small" />
          </ListItemIcon>
          {t('userMenu.accountSettings')}
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.logout} onClick={close}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('userMenu.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
