import type { ImageView } from '@app/contracts/wire';
import PublishedWithChanges from '@mui/icons-material/PublishedWithChanges';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isReplaceable, ReplaceImageDialog } from '../../components/image-editing/ReplaceImageDialog';

/**
 * The select view's "Replace with an edited file": for exactly one selected picture whose file
 * has arrived (else disabled, and its title says to select one), it opens the replace dialog.
 */
export function ReplaceImageAction({ orderId, selected }: { orderId: string; selected: readonly ImageView[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const only = selected.length === 1 && isReplaceable(selected[0]!) ? selected[0] : undefined;
  return (
    <>
      {/* a disabled button shows no title: the wrapper says why */}
      <Box component="span" title={only ? undefined : t('imageEditing.replace.chooseOne')} sx={{ display: 'inline-flex' }}>
        <Button size="small" variant="outlined" startIcon={<PublishedWithChanges />} disabled={!only} onClick={() => setOpen(true)}>
          {t('imageEditing.replace.open')}
        </Button>
      </Box>
      <ReplaceImageDialog orderId={orderId} image={only} open={open && Boolean(only)} onClose={() => setOpen(false)} />
    </>
  );
}
