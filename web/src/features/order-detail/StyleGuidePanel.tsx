import type { OrderView } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { styleGuideQueries } from '../../api/admin';
import { sortedByPosition } from '../../utils/position';

/**
 * The style-guide side panel of the dealership and management view: the guide's name, output
 * size and positions. A guide the viewer may not read (a child account's, for management)
 * shows its name only.
 */
export function StyleGuidePanel({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const guide = useQuery({
    ...styleGuideQueries.one(order.styleGuide.id),
    retry: false,
  });
  const slots = sortedByPosition(guide.data?.configurations ?? []);
  return (
    <Paper variant="outlined" component="aside" aria-labelledby="style-guide-title" sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start' }} data-testid="style-guide-panel">
      <Typography variant="overline" color="text.secondary">
        {t('fields.styleGuide')}
      </Typography>
      <Typography variant="h3" id="style-guide-title">
        {order.styleGuide.name}
      </Typography>
      {guide.data && (
        <>
          <Typography variant="body2">{t('orderDetail.outputSize', { width: guide.data.outputWidth, height: guide.data.outputHeight })}</Typography>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('orderDetail.positions')}
          </Typography>
          {slots.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('orderDetail.freeForm')}
            </Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
              {slots.map((slot) => (
                <Typography component="li" variant="body2" key={slot.id}>
                  {t('orderDetail.positionNamed', { position: slot.position, name: slot.type === 'FEATURED' ? t('common.featuredImage') : (slot.angle?.name ?? '') })}
                </Typography>
              ))}
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
