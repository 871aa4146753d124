import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isUuid } from '@app/contracts/wire';
import { isApiError } from '../api/client';

/** Ids of the product's records (orders, accounts, the admin area's) are UUIDs: anything else in a link names nothing, and is not asked for. */
export function isWellFormedId(id: string): boolean {
  return isUuid(id);
}

/** The server's answer for a record that does not exist (404), or an id it does not accept (400). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.statusCode === 404 || error.statusCode === 400);
}

/**
 * A link whose id names nothing (`/order/{id}`, `/profile/{id}/…`, `/admin/angle/{id}`,
 * `/style-guide-v2/{id}`): it says so, with the way back to the list, instead of an empty
 * form or the server's "id must be a UUID". A page (`page`) or, for the routes that open a
 * modal over their list, a modal.
 */
export function NotFoundNotice({ backTo, listName, page = false, onClose }: { backTo: string; listName: string; page?: boolean; onClose?: () => void }) {
  const { t } = useTranslation();
  const back = (
    <Button component={RouterLink} to={backTo} variant="contained">
      {t('admin.notFound.back', { list: listName })}
    </Button>
  );
  if (page)
    return (
      <Box data-testid="not-found" sx={{ display: 'grid', gap: 2, justifyItems: 'start', py: { xs: 3, sm: 6 } }}>
        <Typography variant="h1">{t('admin.notFound.title')}</Typography>
        <Typography color="text.secondary">{t('admin.notFound.message')}</Typography>
        {back}
      </Box>
    );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="not-found-title" data-testid="not-found">
      <DialogTitle id="not-found-title">{t('admin.notFound.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">{t('admin.notFound.message')}</Typography>
      </DialogContent>
      <DialogActions>{back}</DialogActions>
    </Dialog>
  );
}
