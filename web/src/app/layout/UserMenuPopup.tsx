import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { MeView } from '@app/contracts/wire';
import { paths } from '../paths';

interface UserMenuPopupProps {
  id: string;
  /** the avatar button while the menu is open, null while it is closed */
  anchor: HTMLElement | null;
  me: MeView;
  onClose: () => void;
}

/**
 * The user menu's content: display name and e-mail (the signed-in sales person's e-mail when a
 * sales person signed in), account settings, sign out.
 */
export function UserMenuPopup({ id, anchor, me, onClose }: UserMenuPopupProps) {
  const { t } = useTranslation();
  const salesPerson = me.loggedInSalesPersonInfo;
  const email = salesPerson?.email ?? me.email;
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
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
      <MenuItem component={RouterLink} to={paths.accountSettings} onClick={onClose}>
        <ListItemIcon>
          <ManageAccounts fontSize="small" />
        </ListItemIcon>
        {t('userMenu.accountSettings')}
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.logout} onClick={onClose}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        {t('userMenu.signOut')}
      </MenuItem>
    </Menu>
  );
}
